// EndToEndTests.swift: our manager and the generated Notes client against our server: Connect, Twirp and plain, binary and JSON.
import Foundation
import ProtoHTTP
import ProtoHTTPDemo
import ProtoHTTPServer
import ProtoWire
import Testing
import ProtoHTTPDemoService
import ProtoHTTPCore

extension ServerTests {
    @Suite("End to end with our client")
    struct EndToEndTests {
        static func wireProtocol(_ name: String) -> any WireProtocol {
            switch name {
            case "connect": ConnectProtocol()
            case "twirp": TwirpProtocol()
            case "grpc": GRPCProtocol()
            case "grpc-web": GRPCWebProtocol()
            default: PlainProtocol()
            }
        }

        /// A note with every kind of field: repeated, map, oneof (checklist) and enum.
        static var groceries: Notes_CreateNoteRequest {
            var request = Notes_CreateNoteRequest()
            request.title = "groceries"
            request.tags = ["home", "errand"]
            request.labels = ["store": "corner", "aisle": "7"]
            var milk = Notes_Checklist.Item()
            milk.text = "milk"
            var eggs = Notes_Checklist.Item()
            eggs.text = "eggs"
            eggs.done = true
            var checklist = Notes_Checklist()
            checklist.items = [milk, eggs]
            request.checklist = checklist
            request.priority = .high
            return request
        }

        @Test("create, get, list, delete: every field round-trips", arguments: ["connect", "twirp", "plain"], [false, true])
        func notesRoundTrip(_ protocolName: String, _ json: Bool) async throws {
            try await withServer { server in
                let client = Notes_NotesClient(manager: try server.manager(Self.wireProtocol(protocolName)))
                let request = Self.groceries
                let created = try await client.createNote(request, options: CallOptions(encoding: json ? .json : .binary))
                #expect(created.id == "n1")
                #expect(created.title == "groceries" && created.tags == ["home", "errand"])
                #expect(created.labels == ["store": "corner", "aisle": "7"])
                #expect(created.content == .checklist(request.checklist))
                #expect(created.priority == .high)
                #expect(created.createdAt == Google_Protobuf_Timestamp(seconds: 1_700_000_001, nanos: 123_000_000))

                var call = Notes_CreateNoteRequest()
                call.title = "call"
                call.text = "mom"
                call.tags = ["family"]
                let other = try await client.createNote(call, options: CallOptions(encoding: json ? .json : .binary))
                #expect(other.id == "n2" && other.content == .text("mom") && other.priority == .unspecified && other.labels.isEmpty)

                var get = Notes_GetNoteRequest()
                get.id = created.id
                #expect(try await client.getNote(get, options: CallOptions(encoding: json ? .json : .binary)) == created)

                var home = Notes_ListNotesRequest()
                home.tag = "home"
                let listed = try await client.listNotes(home, options: CallOptions(encoding: json ? .json : .binary))
                #expect(listed.notes == [created])
                #expect(listed.tagCounts == ["home": 1, "errand": 1])
                let everything = try await client.listNotes(Notes_ListNotesRequest(), options: CallOptions(encoding: json ? .json : .binary))
                #expect(everything.notes == [created, other])
                #expect(everything.tagCounts == ["home": 1, "errand": 1, "family": 1])

                var delete = Notes_DeleteNoteRequest()
                delete.id = created.id
                let deleted = try await client.deleteNote(delete, options: CallOptions(encoding: json ? .json : .binary))
                #expect(deleted.deleted == created && deleted.remaining == 1)

                let missing = await Result { () async throws(ProtoHTTPError) in try await client.getNote(get, options: CallOptions(encoding: json ? .json : .binary)) }
                let error = try #require(missing.error)
                #expect(error.httpStatus == 404)
                switch protocolName {
                case "connect":
                    #expect(error.code == .notFound && error.message == "no note has id n1")
                    #expect(error.details.first?.unpack(Notes_GetNoteRequest.self) == get)
                case "twirp":
                    #expect(error.code == .notFound && error.message == "no note has id n1")
                    #expect(error.meta == ["id": "n1"])
                default:
                    // The plain client judges errors by status alone; the body is Connect's JSON.
                    let body = String(decoding: error.responseBody ?? [], as: UTF8.self)
                    #expect(body.hasPrefix(#"{"code":"not_found","message":"no note has id n1","details":"#), "\(body)")
                }

                let untitled = await Result { () async throws(ProtoHTTPError) in
                    try await client.createNote(Notes_CreateNoteRequest(), options: CallOptions(encoding: json ? .json : .binary))
                }
                #expect(untitled.error?.httpStatus == 400)
                if protocolName != "plain" { #expect(untitled.error?.code == .invalidArgument) }
            }
        }

        @Test("responses carry the protocol's Content-Type", arguments: [
            ("connect", false, "application/proto"), ("connect", true, "application/json"),
            ("twirp", false, "application/protobuf"), ("twirp", true, "application/json"),
            ("plain", false, "application/x-protobuf"), ("plain", true, "application/json"),
        ])
        func contentTypes(_ protocolName: String, _ json: Bool, _ contentType: String) async throws {
            try await withServer { server in
                let manager = try server.manager(Self.wireProtocol(protocolName))
                let path = Notes_NotesMetadata.ListNotes.path
                let metadata: ResponseMetadata
                if json {
                    metadata = try await manager.post(path, input: Notes_ListNotesRequest(), requestSerializer: ProtoJSONRequestSerializer(),
                                                      responseSerializer: MessageResponseSerializer<Notes_ListNotesResponse>()).1
                } else {
                    metadata = try await manager.post(path, input: Notes_ListNotesRequest(), requestSerializer: ProtobufRequestSerializer(),
                                                      responseSerializer: MessageResponseSerializer<Notes_ListNotesResponse>()).1
                }
                #expect(metadata.status == 200)
                #expect(metadata.contentType == contentType)
            }
        }

        @Test("plain at the Connect path with application/octet-stream answers in kind")
        func octetStream() async throws {
            try await withServer { server in
                let client = Notes_NotesClient(manager: try server.manager(.plain(binaryContentType: "application/octet-stream")))
                let created = try await client.createNote(Self.groceries)
                var get = Notes_GetNoteRequest()
                get.id = created.id
                #expect(try await client.getNote(get) == created)
            }
        }

        @Test("plain clients read the server's error code, message and details from the JSON error body", arguments: [false, true])
        func plainErrors(_ json: Bool) async throws {
            try await withServer { server in
                let client = Notes_NotesClient(manager: try server.manager(.plain))
                var get = Notes_GetNoteRequest()
                get.id = "nope"
                let missing = await Result { () async throws(ProtoHTTPError) in try await client.getNote(get, options: CallOptions(encoding: json ? .json : .binary)) }
                let error = try #require(missing.error)
                #expect(error.code == .notFound, "\(error)")
                #expect(error.httpStatus == 404)
                #expect(error.message == "no note has id nope")
                #expect(error.details.map(\.type) == ["notes.GetNoteRequest"])
                let untitled = await Result { () async throws(ProtoHTTPError) in try await client.createNote(Notes_CreateNoteRequest(), options: CallOptions(encoding: json ? .json : .binary)) }
                #expect(untitled.error?.code == .invalidArgument, "\(String(describing: untitled.error))")
            }
        }

        @Test("plain routes: a JSON-only route answers JSON and refuses binary with 415; a two-encoding route takes both")
        func plainRoutes() async throws {
            try await withServer({
                $0.plainRoutes = [
                    PlainRoute("/api/notes/list", method: Notes_NotesMetadata.ListNotes.path, encodings: [.json]),
                    PlainRoute("/api/notes/get", method: Notes_NotesMetadata.GetNote.path),
                ]
            }) { server in
                let manager = try server.manager(.plain)
                let created = try await Notes_NotesClient(manager: manager).createNote(Self.groceries)

                let listed = try await manager.post("/api/notes/list", Notes_ListNotesRequest(), as: Notes_ListNotesResponse.self, options: CallOptions(encoding: .json))
                #expect(listed.notes == [created])

                let refused = await Result { () async throws(ProtoHTTPError) in
                    try await manager.post("/api/notes/list", Notes_ListNotesRequest(), as: Notes_ListNotesResponse.self)
                }
                let error = try #require(refused.error)
                let body = #"{"code":"unimplemented","message":"content type \"application/x-protobuf\" is not accepted by this endpoint; send application/json."}"#
                #expect(error.httpStatus == 415)
                #expect(String(decoding: error.responseBody ?? [], as: UTF8.self) == body)
                #expect(error.message.contains("is not accepted by this endpoint; send application/json."), "\(error)")

                let raw = try await RawConnection.exchange(port: server.port, "/api/notes/list", headers: [("Content-Type", "application/x-protobuf")])
                #expect(raw.status == 415 && raw.header(.acceptPost) == "application/json" && raw.text == body)

                var get = Notes_GetNoteRequest()
                get.id = created.id
                for json in [false, true] {
                    #expect(try await manager.post("/api/notes/get", get, as: Notes_Note.self, options: CallOptions(encoding: json ? .json : .binary)) == created, "json: \(json)")
                }
            }
        }

        @Test("a body over the limit is refused with resource_exhausted (HTTP 413)")
        func tooLarge() async throws {
            try await withServer({ $0.maxRequestBodySize = 64 << 10 }) { server in
                let client = Notes_NotesClient(manager: try server.manager(.connect))
                var request = Notes_CreateNoteRequest()
                request.title = String(repeating: "x", count: 100_000)
                let refused = await Result { () async throws(ProtoHTTPError) in try await client.createNote(request) }
                #expect(refused.error?.code == .resourceExhausted)
                #expect(refused.error?.httpStatus == 413)
                request.title = String(repeating: "x", count: 60_000)
                #expect(try await client.createNote(request).title.count == 60_000)
                #expect(server.notes.count == 1)
            }
        }

        @Test("a 2 MiB request (curl sends Expect: 100-continue past 1 MiB) is served under the default 4 MiB limit")
        func largeRequest() async throws {
            try await withServer { server in
                let client = Notes_NotesClient(manager: try server.manager(.twirp))
                var request = Notes_CreateNoteRequest()
                request.title = "big"
                request.text = String(repeating: "y", count: 2 << 20)
                let created = try await client.createNote(request)
                #expect(created.text.count == 2 << 20)
            }
        }
    }
}
