// CallStreamingTests.swift: `protohttp call` of streaming methods against protohttp-demo serve: several -d values, responses as they arrive, and the usage errors of bad request data.
import Foundation
import ProtoHTTPTestSupport
import Testing

@Suite("protohttp call of streaming methods", .serialized)
struct CallStreamingTests {
    /// The `"title"` values of the indented messages `stdout` holds, in order.
    static func titles(_ stdout: String) -> [String] {
        stdout.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("  \"title\": \"") else { return nil }
            return String(line.dropFirst("  \"title\": \"".count).dropLast(2))
        }
    }

    @Test("bidirectional SyncNotes: each -d value is one request, each stored note is printed, over gRPC, Connect and gRPC-Web; WatchNotes streams them back")
    func syncThenWatch() async throws {
        let server = try await RunningServer.serveDemo()
        defer { server.stop() }
        let feed = server.baseURL + "/notes.NoteFeed/"
        // Concatenated JSON values, with and without whitespace between them.
        let synced = try await CLI.run(["call", feed + "SyncNotes", "--proto", CLI.notesProto, "--protocol", "grpc",
                                        "-d", #"{"title": "one", "tags": ["a"]}{"title": "two"} {"title": "three", "tags": ["a"]}"#])
        #expect(synced.status == 0, "\(synced.stderr)")
        #expect(Self.titles(synced.stdout) == ["one", "two", "three"], "\(synced.stdout)")
        #expect(synced.stdout.components(separatedBy: "\n}\n").count == 4, "three messages, each printed whole: \(synced.stdout)")
        for protocolName in ["connect", "grpc", "grpcweb"] {
            let watched = try await CLI.run(["call", feed + "WatchNotes", "--proto", CLI.notesProto, "--protocol", protocolName, "-d", #"{"tag": "a"}"#])
            #expect(watched.status == 0, "\(protocolName): \(watched.stderr)")
            #expect(Self.titles(watched.stdout) == ["one", "three"], "\(protocolName): \(watched.stdout)")
        }
        // No -d: a server-streaming method gets the empty request, as a unary one does.
        let all = try await CLI.run(["call", feed + "WatchNotes", "--proto", CLI.notesProto, "--json"])
        #expect(all.status == 0 && Self.titles(all.stdout) == ["one", "two", "three"], "\(all.stderr)\(all.stdout)")
    }

    @Test("-d @- reads the requests from standard input, one per JSON value, over gRPC; -v shows the request's headers and, at the end, the response's and its trailers")
    func fromStandardInput() async throws {
        let server = try await RunningServer.serveDemo()
        defer { server.stop() }
        let input = Array("{\"title\": \"typed\"}\n{\"title\": \"by hand\"}\n".utf8)
        let synced = try await CLI.run(["call", server.baseURL + "/notes.NoteFeed/SyncNotes", "--proto", CLI.notesProto,
                                        "--protocol", "grpc", "-d", "@-", "-v"], input: input)
        #expect(synced.status == 0, "\(synced.stderr)")
        #expect(Self.titles(synced.stdout) == ["typed", "by hand"], "\(synced.stdout)")
        let lines = synced.stderr.split(separator: "\n").map(String.init)
        #expect(lines.first == "> POST \(server.baseURL)/notes.NoteFeed/SyncNotes", "\(synced.stderr)")
        for expected in ["> content-type: application/grpc", "< HTTP 200 (HTTP/2)", "< content-type: application/grpc", "< (trailer) grpc-status: 0"] {
            #expect(lines.contains(expected), "\(expected): \(synced.stderr)")
        }
    }

    @Test("bad request data is a usage error (64) naming the message: two values for a server stream, invalid JSON, an unclosed value, Twirp")
    func badRequests() async throws {
        let server = try await RunningServer.serveDemo()
        defer { server.stop() }
        let feed = server.baseURL + "/notes.NoteFeed/"
        let two = try await CLI.run(["call", feed + "WatchNotes", "--proto", CLI.notesProto, "-d", "{} {}"])
        #expect(two.status == 64)
        #expect(two.stderr.contains("notes.NoteFeed/WatchNotes is a server streaming method: it takes one request message, and -d holds more than one JSON value."), "\(two.stderr)")
        let invalid = try await CLI.run(["call", feed + "SyncNotes", "--proto", CLI.notesProto, "--protocol", "grpc",
                                         "-d", #"{"title": "fine"} {"title": 12}"#])
        #expect(invalid.status == 64, "\(invalid.stderr)")
        #expect(invalid.stderr.contains("request message 2"), "\(invalid.stderr)")
        let unclosed = try await CLI.run(["call", feed + "SyncNotes", "--proto", CLI.notesProto, "--protocol", "grpc", "-d", #"{"title": "open"#])
        #expect(unclosed.status == 64)
        #expect(unclosed.stderr.contains("the request data ends inside a JSON value (it starts {\"title\": \"open…)"), "\(unclosed.stderr)")
        let twirp = try await CLI.run(["call", server.baseURL + "/twirp/notes.NoteFeed/WatchNotes", "--proto", CLI.notesProto, "--protocol", "twirp"])
        #expect(twirp.status == 64)
        #expect(twirp.stderr.contains("is a server streaming method and twirp has no streams; call it with --protocol connect, grpc or grpcweb."), "\(twirp.stderr)")
    }

    @Test("a response message that does not fit the schema's output type stops the stream with the conversion's error naming the message (status 1, as for a unary response that does not parse)")
    func responseOutsideTheSchema() async throws {
        let server = try await RunningServer.serveDemo()
        defer { server.stop() }
        _ = try await CLI.run(["call", server.baseURL + "/notes.Notes/CreateNote", "--proto", CLI.notesProto, "-d", #"{"title": "kept"}"#])
        // A schema whose Note has an int64 id: the server's JSON carries "n1" there.
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let proto = try folder.write("wrong.proto", """
            syntax = "proto3";
            package notes;
            message ListNotesRequest { string tag = 1; }
            message Note { int64 id = 1; }
            service NoteFeed { rpc WatchNotes(ListNotesRequest) returns (stream Note); }
            """)
        let watched = try await CLI.run(["call", server.baseURL + "/notes.NoteFeed/WatchNotes", "--proto", proto, "--json"])
        #expect(watched.status == 1, "\(watched.stderr)")
        #expect(watched.stdout.isEmpty, "\(watched.stdout)")
        #expect(watched.stderr.contains("response message 1 is not valid proto3 JSON for notes.Note"), "\(watched.stderr)")
    }

    @Test("an RPC error ending a stream is printed as for unary calls, status 1, after the messages before it")
    func errorEndsTheStream() async throws {
        let server = try await RunningServer.serveDemo()
        defer { server.stop() }
        // An empty title is refused by CreateNote, so SyncNotes stops at the second request.
        let synced = try await CLI.run(["call", server.baseURL + "/notes.NoteFeed/SyncNotes", "--proto", CLI.notesProto, "--protocol", "grpc",
                                        "-d", #"{"title": "kept"} {"title": ""}"#])
        #expect(synced.status == 1, "\(synced.stderr)")
        #expect(Self.titles(synced.stdout) == ["kept"], "\(synced.stdout)")
        #expect(synced.stderr.hasPrefix("invalid_argument: "), "\(synced.stderr)")
    }
}
