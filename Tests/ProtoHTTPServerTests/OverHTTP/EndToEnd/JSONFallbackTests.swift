// JSONFallbackTests.swift: ManagerConfiguration.fallbackToJSON against our server's JSON-only routes: one retry in JSON, the endpoint remembered.
import Foundation
import ProtoHTTP
import ProtoHTTPDemo
import ProtoHTTPServer
import ProtoHTTPDemoService
import ProtoWire
import ProtoHTTPCore
import Synchronization
import Testing
import ProtoHTTPTestSupport

/// What the JSON-fallback examples print.
private let printed = PrintedLines()
private func print(_ items: Any..., separator: String = " ") { printed.append(items, separator: separator) }

extension ServerTests {
    @Suite("JSON fallback")
    struct JSONFallbackTests {
        static func routes(_ configuration: inout ServerConfiguration) {
            configuration.plainRoutes = [
                PlainRoute("/api/notes/list", method: Notes_NotesMetadata.ListNotes.path, encodings: [.json]),
                PlainRoute("/api/notes/get", method: Notes_NotesMetadata.GetNote.path),
            ]
        }

        @Test("a 415 to binary protobuf is sent again once in JSON through the interceptors; the endpoint is remembered, others stay binary; forgetting tries binary again")
        func fallsBackAndRemembers() async throws {
            try await withServer(Self.routes) { server in
                let seen = Mutex<[String]>([])
                var configuration = ManagerConfiguration(baseURL: server.baseURL)
                configuration.wireProtocol = .plain
                configuration.fallbackToJSON = true
                configuration.interceptors = [ClosureInterceptor { request, _, next, done in
                    seen.withLock { $0.append(request.headers[.contentType] ?? "none") }
                    next(request, done)
                }]
                let manager = try ProtoHTTPManager(configuration: configuration, transport: server.transport)
                let created = try await Notes_NotesClient(manager: manager).createNote(EndToEndTests.groceries)
                seen.withLock { $0.removeAll() }

                let first = try await manager.postForResponse("/api/notes/list", Notes_ListNotesRequest(), as: Notes_ListNotesResponse.self)
                #expect(first.output.notes == [created])
                #expect(first.metadata.attempts == 2 && first.metadata.contentType == "application/json")
                #expect(seen.withLock { $0 } == ["application/x-protobuf", "application/json"])
                #expect(manager.jsonFallbackEndpoints == [server.baseURL + "/api/notes/list"])

                let second = try await manager.postForResponse("/api/notes/list", Notes_ListNotesRequest(), as: Notes_ListNotesResponse.self)
                #expect(second.output.notes == [created])
                #expect(second.metadata.attempts == 1 && second.metadata.contentType == "application/json", "straight to JSON")
                #expect(seen.withLock { $0.suffix(1) } == ["application/json"])

                // Another endpoint keeps binary.
                var get = Notes_GetNoteRequest()
                get.id = created.id
                let got = try await manager.postForResponse("/api/notes/get", get, as: Notes_Note.self)
                #expect(got.output == created && got.metadata.contentType == "application/x-protobuf")

                manager.forgetJSONFallbackEndpoints()
                #expect(manager.jsonFallbackEndpoints.isEmpty)
                let again = try await manager.postForResponse("/api/notes/list", Notes_ListNotesRequest(), as: Notes_ListNotesResponse.self)
                #expect(again.metadata.attempts == 2 && again.output.notes == [created])
            }
        }

        @Test("bodies that cannot become JSON (raw bytes labelled protobuf), and managers without fallbackToJSON, get the 415 as it is; nothing is remembered")
        func noFallback() async throws {
            try await withServer(Self.routes) { server in
                var configuration = ManagerConfiguration(baseURL: server.baseURL)
                configuration.fallbackToJSON = true
                let manager = try ProtoHTTPManager(configuration: configuration, transport: server.transport)
                let raw = await Result { () async throws(ProtoHTTPError) in
                    try await manager.request(.post, "/api/notes/list", input: [], requestSerializer: RawRequestSerializer(contentType: "application/x-protobuf"),
                                              responseSerializer: .raw)
                }
                #expect(raw.error?.httpStatus == 415 && raw.error?.code == .unimplemented, "\(String(describing: raw.error))")
                #expect(manager.jsonFallbackEndpoints.isEmpty)

                let plain = try server.manager(.plain)
                let refused = await Result { () async throws(ProtoHTTPError) in
                    try await plain.post("/api/notes/list", Notes_ListNotesRequest(), as: Notes_ListNotesResponse.self)
                }
                #expect(refused.error?.httpStatus == 415)
                #expect(plain.jsonFallbackEndpoints.isEmpty)
            }
        }

        @Test("Request layer article: fallbackToJSON")
        func article() async throws {
            printed.reset()
            try await withServer(Self.routes) { server in
                var configuration = ManagerConfiguration(baseURL: server.baseURL)
                configuration.fallbackToJSON = true   // a 415 to binary protobuf: once more in JSON, and JSON from then on
                let manager = try ProtoHTTPManager(configuration: configuration)
                let listed = try await manager.post("/api/notes/list", Notes_ListNotesRequest(), as: Notes_ListNotesResponse.self)
                print(listed.notes.count, manager.jsonFallbackEndpoints)   // 0 ["http://127.0.0.1:…/api/notes/list"]

                #expect(printed.all == ["0 [\"\(server.baseURL)/api/notes/list\"]"])
            }
        }
    }
}
