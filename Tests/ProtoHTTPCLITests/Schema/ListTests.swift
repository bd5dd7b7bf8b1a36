// ListTests.swift: `protohttp list` from --proto and from --descriptor-set, and the schema errors every command shares.
import Foundation
import ProtoHTTPTestSupport
import Testing

@Suite("protohttp list and schema loading")
struct ListTests {
    static let notesLines = [
        "notes.Notes/CreateNote(notes.CreateNoteRequest) returns (notes.Note)",
        "notes.Notes/GetNote(notes.GetNoteRequest) returns (notes.Note)",
        "notes.Notes/ListNotes(notes.ListNotesRequest) returns (notes.ListNotesResponse)",
        "notes.Notes/DeleteNote(notes.DeleteNoteRequest) returns (notes.DeleteNoteResponse)",
        "notes.NoteFeed/WatchNotes(notes.ListNotesRequest) returns (stream notes.Note)",
        "notes.NoteFeed/SyncNotes(stream notes.CreateNoteRequest) returns (stream notes.Note)",
    ]

    @Test("list --proto prints the demo's methods in declaration order, one per line, streams marked")
    func listNotes() async throws {
        let result = try await CLI.run(["list", "--proto", CLI.notesProto])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.lines == Self.notesLines)
        #expect(result.stderr.isEmpty)
    }

    @Test("list --descriptor-set reads protoc's own set and prints the same; -I with a joined value works too")
    func listFromDescriptorSet() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let set = folder.file("notes.binpb")
        let protoc = try await runTool("protoc", ["--include_imports", "--descriptor_set_out=\(set)", "-I", PackageRoot.path("Protos/demo"),
                                                  "-I", "/usr/include", CLI.notesProto])
        try #require(protoc.status == 0, "\(protoc.stderr)")
        let result = try await CLI.run(["list", "--descriptor-set", set])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.lines == Self.notesLines)
        let joined = try await CLI.run(["list", "--proto", CLI.notesProto, "-I" + PackageRoot.path("Protos/demo")])
        #expect(joined.lines == Self.notesLines, "\(joined.stderr)")
    }

    @Test("streaming sides are marked, several services keep file order, a schema without services prints nothing")
    func streamingAndEmpty() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let proto = try folder.write("s.proto", """
        syntax = "proto3";
        package s.v1;
        import "google/protobuf/empty.proto";
        message M { string a = 1; }
        service B { rpc Up(stream M) returns (google.protobuf.Empty); rpc Down(M) returns (stream M); }
        service A { rpc Both(stream M) returns (stream M); }
        """)
        let result = try await CLI.run(["list", "--proto", proto])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.lines == [
            "s.v1.B/Up(stream s.v1.M) returns (google.protobuf.Empty)",
            "s.v1.B/Down(s.v1.M) returns (stream s.v1.M)",
            "s.v1.A/Both(stream s.v1.M) returns (stream s.v1.M)",
        ])
        let plain = try folder.write("m.proto", "syntax = \"proto3\"; message Only { int32 x = 1; }\n")
        let none = try await CLI.run(["list", "--proto", plain])
        #expect(none.status == 0 && none.stdout.isEmpty, "\(none.stderr)")
    }

    @Test("protoc's error comes as <absolute path>:<line>:<col>: error: … with status 64; a missing file, a bad descriptor set and missing arguments are named")
    func schemaErrors() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let broken = try folder.write("broken.proto", "syntax = \"proto3\";\nmessage M { strin x = 1; }\n")
        let compiled = try await CLI.run(["list", "--proto", broken])
        #expect(compiled.status == 64)
        #expect(compiled.stderr.contains("protohttp: protoc could not compile \(broken):"), "\(compiled.stderr)")
        #expect(compiled.stderr.contains("\(broken):2:13: error: \"strin\" is not defined."),
                "protoc names the file relative to its -I root; the CLI gives the absolute path: \(compiled.stderr)")
        // With -I, protoc names the file by its path under that root (api/v1/nested.proto); the
        // message names the file on disk.
        try FileManager.default.createDirectory(atPath: folder.file("api/v1"), withIntermediateDirectories: true)
        let nested = try folder.write("api/v1/nested.proto", "syntax = \"proto3\";\nmessage N { strin x = 1; }\n")
        let relative = try await CLI.run(["list", "-I", folder.path, "--proto", nested])
        #expect(relative.status == 64)
        #expect(relative.stderr.contains("\(nested):2:13: error: \"strin\" is not defined."), "\(relative.stderr)")

        let missing = try await CLI.run(["list", "--proto", folder.file("nope.proto")])
        #expect(missing.status == 64 && missing.stderr.contains("cannot read the .proto file \(folder.file("nope.proto")): no such file"), "\(missing.stderr)")

        let garbage = try folder.write("garbage.binpb", "not a descriptor set at all")
        let bad = try await CLI.run(["list", "--descriptor-set", garbage])
        #expect(bad.status == 64 && bad.stderr.contains("\(garbage) is not a binary FileDescriptorSet"), "\(bad.stderr)")

        let neither = try await CLI.run(["list"])
        #expect(neither.status == 64 && neither.stderr.contains("--proto FILE (compiled with protoc), --descriptor-set FILE, or the URL of a server that serves gRPC reflection"),
                "\(neither.stderr)")
        let encodeNeither = try await CLI.run(["encode", "notes.Note"], input: Array("{}".utf8))
        #expect(encodeNeither.status == 64 && encodeNeither.stderr.contains("--proto FILE (compiled with protoc) or --descriptor-set FILE"), "\(encodeNeither.stderr)")
        let both = try await CLI.run(["list", "--proto", CLI.notesProto, "--descriptor-set", garbage])
        #expect(both.status == 64 && both.stderr.contains("--proto and --descriptor-set are alternatives"), "\(both.stderr)")
    }

    @Test("without protoc on PATH the error says to install protobuf-compiler")
    func protocMissing() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let result = try await CLI.run(["list", "--proto", CLI.notesProto], environment: ["PATH": folder.path, "HOME": folder.path])
        #expect(result.status == 64)
        #expect(result.stderr.contains("protoc is not installed (not found on PATH): install protobuf-compiler (apt-get install protobuf-compiler)"), "\(result.stderr)")
    }
}
