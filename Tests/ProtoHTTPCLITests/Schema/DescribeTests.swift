// DescribeTests.swift: `protohttp describe`: services, methods, messages, fields and enums as .proto source, from --proto, a proto2 file and a server's reflection.
import ProtoHTTPTestSupport
import Testing

@Suite("protohttp describe", .serialized)
struct DescribeTests {
    static let notesService = [
        "notes.Notes is a service:",
        "service Notes {",
        "  rpc CreateNote(notes.CreateNoteRequest) returns (notes.Note);",
        "  rpc GetNote(notes.GetNoteRequest) returns (notes.Note) {",
        "    option idempotency_level = NO_SIDE_EFFECTS;",
        "  }",
        "  rpc ListNotes(notes.ListNotesRequest) returns (notes.ListNotesResponse) {",
        "    option idempotency_level = NO_SIDE_EFFECTS;",
        "  }",
        "  rpc DeleteNote(notes.DeleteNoteRequest) returns (notes.DeleteNoteResponse);",
        "}",
    ]
    static let noteMessage = [
        "notes.Note is a message:",
        "message Note {",
        "  string id = 1;",
        "  string title = 2;",
        "  repeated string tags = 3;",
        "  map<string, string> labels = 4;",
        "  oneof content {",
        "    string text = 5;",
        "    notes.Checklist checklist = 6;",
        "  }",
        "  notes.Priority priority = 7;",
        "  google.protobuf.Timestamp created_at = 8;",
        "}",
    ]

    @Test("--proto: a service, a method, a message (map, oneof), a nested message, an enum, a field and an enum value; no symbol describes every service")
    func fromProto() async throws {
        func describe(_ symbol: String) async throws -> [String] {
            let result = try await CLI.run(["describe", symbol, "--proto", CLI.notesProto])
            #expect(result.status == 0, "\(symbol): \(result.stderr)")
            return result.lines
        }
        #expect(try await describe("notes.Notes") == Self.notesService)
        #expect(try await describe(".notes.Notes.GetNote") == Array(["notes.Notes.GetNote is a method:"] + Self.notesService[3...5].map { String($0.dropFirst(2)) }))
        #expect(try await describe("notes.Note") == Self.noteMessage)
        #expect(try await describe("notes.Checklist") == [
            "notes.Checklist is a message:", "message Checklist {", "  repeated notes.Checklist.Item items = 1;",
            "  message Item {", "    string text = 1;", "    bool done = 2;", "  }", "}",
        ])
        #expect(try await describe("notes.Priority") == [
            "notes.Priority is an enum:", "enum Priority {", "  PRIORITY_UNSPECIFIED = 0;", "  PRIORITY_LOW = 1;", "  PRIORITY_HIGH = 2;", "}",
        ])
        #expect(try await describe("notes.ListNotesResponse.tag_counts") == [
            "notes.ListNotesResponse.tag_counts is a field:", "map<string, int32> tag_counts = 2;",
        ])
        #expect(try await describe("notes.PRIORITY_HIGH") == ["notes.PRIORITY_HIGH is an enum value:", "PRIORITY_HIGH = 2;"])
        let everything = try await CLI.run(["describe", "--proto", CLI.notesProto])
        #expect(everything.status == 0, "\(everything.stderr)")
        #expect(Array(everything.lines.prefix(Self.notesService.count)) == Self.notesService)
        #expect(everything.lines.contains("notes.NoteFeed is a service:") && everything.lines.contains("  rpc SyncNotes(stream notes.CreateNoteRequest) returns (stream notes.Note);"),
                "\(everything.stdout)")
    }

    @Test("proto2: labels, a default, packed, a group written inline, a custom json_name")
    func proto2() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let proto = try folder.write("legacy.proto", """
            syntax = "proto2";
            package legacy;
            message Old {
              required int32 id = 1;
              optional string name = 2 [default = "none"];
              repeated int32 codes = 3 [packed = true];
              optional group Extra = 4 {
                optional bool flag = 5;
              }
              optional int32 renamed = 6 [json_name = "other"];
            }
            """)
        let result = try await CLI.run(["describe", "legacy.Old", "--proto", proto])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.lines == [
            "legacy.Old is a message:", "message Old {", "  required int32 id = 1;", "  optional string name = 2 [default = \"none\"];",
            "  repeated int32 codes = 3 [packed = true];", "  optional group Extra = 4 {", "    optional bool flag = 5;", "  }",
            "  optional int32 renamed = 6 [json_name = \"other\"];", "}",
        ], "\(result.stdout)")
    }

    @Test("an unknown symbol is a usage error offering names that end like it; a server and --proto together are refused")
    func unknownSymbol() async throws {
        let result = try await CLI.run(["describe", "Note", "--proto", CLI.notesProto])
        #expect(result.status == 64)
        #expect(result.stderr.contains("the schema declares no Note; did you mean notes.Note?"), "\(result.stderr)")
        let both = try await CLI.run(["describe", "http://127.0.0.1:1", "notes.Note", "--proto", CLI.notesProto])
        #expect(both.status == 64 && both.stderr.contains("not both"), "\(both.stderr)")
    }

    @Test("protohttp-demo serve --reflection: describe SERVER SYMBOL reads the declaring file through reflection, and prints what --proto prints")
    func throughReflection() async throws {
        let server = try await RunningServer.serveDemo(reflection: true)
        defer { server.stop() }
        let service = try await CLI.run(["describe", server.baseURL, "notes.Notes"])
        #expect(service.status == 0, "\(service.stderr)")
        #expect(service.lines == Self.notesService, "\(service.stdout)")
        let message = try await CLI.run(["describe", server.baseURL, "notes.Note"])
        #expect(message.lines == Self.noteMessage, "\(message.stderr)\(message.stdout)")
        let missing = try await CLI.run(["describe", server.baseURL, "notes.Nope"])
        #expect(missing.status == 64 && missing.stderr.contains("does not describe notes.Nope"), "\(missing.stderr)")
    }
}
