// PriorityTests.swift: CallOptions.priority against our server: the order waiting calls start in behind maxConcurrentTransfers, and HTTP/2 stream weights.
import Foundation
import ProtoHTTP
import ProtoHTTPCore
import ProtoHTTPDemo
import ProtoHTTPDemoService
import ProtoHTTPServer
import ProtoHTTPTestSupport
import ProtoWire
import Synchronization
import Testing

extension ServerTests {
    @Suite("Call priority")
    struct PriorityTests {
        /// The results of the calls, by title.
        final class Results: Sendable {
            private let values = Mutex<[String: Result<Notes_Note, ProtoHTTPError>]>([:])
            func set(_ title: String, _ result: Result<Notes_Note, ProtoHTTPError>) { values.withLock { $0[title] = result } }
            var all: [String: Result<Notes_Note, ProtoHTTPError>] { values.withLock { $0 } }
        }

        /// Starts a CreateNote titled `title` at `priority`; its result lands in `results`.
        static func create(_ manager: ProtoHTTPManager, _ title: String, _ priority: CallPriority, results: Results) -> CallHandle {
            var request = Notes_CreateNoteRequest()
            request.title = title
            var options = CallOptions()
            options.priority = priority
            return manager.unary(Notes_NotesMetadata.CreateNote.self, request, options: options,
                                 success: { note, _ in results.set(title, .success(note)) },
                                 failure: { error in results.set(title, .failure(error)) })
        }

        @Test("with the one transfer slot busy, waiting calls start high first, then normal, then low, in call order within a level; a cancelled waiting call never starts")
        func waitingOrder() async throws {
            try await withServer { server in
                let transport = try TestServer.transport { $0.maxConcurrentTransfers = 1 }
                defer { transport.shutdown() }
                var configuration = ManagerConfiguration(baseURL: server.baseURL)
                configuration.wireProtocol = .connect
                let manager = try ProtoHTTPManager(configuration: configuration, transport: transport)

                // The slot: a call the server holds until released.
                let blocked = Mutex<ProtoHTTPError??>(nil)
                manager.post("/test.Faults/Slow", Google_Protobuf_Int32Value(-1), as: Google_Protobuf_Empty.self,
                             success: { _, _ in blocked.withLock { $0 = .some(nil) } }, failure: { error in blocked.withLock { $0 = .some(error) } })
                #expect(await waitUntil { server.faults.events.contains("slow started") })

                let results = Results()
                let plan: [(String, CallPriority)] = [("l1", .low), ("n1", .normal), ("h1", .high), ("l2", .low), ("gone", .high), ("h2", .high), ("n2", .normal)]
                var handles: [String: CallHandle] = [:]
                for (title, priority) in plan { handles[title] = Self.create(manager, title, priority, results: results) }
                #expect(await waitUntil { transport.waitingCallCount == plan.count }, "\(transport.waitingCallCount) waiting")
                handles["gone"]?.cancel()
                #expect(await waitUntil { transport.waitingCallCount == plan.count - 1 })
                #expect(server.notes.all.isEmpty, "a waiting call reached the server")

                server.faults.release()
                #expect(await waitUntil { results.all.count == plan.count })
                #expect(blocked.withLock { $0 } == .some(nil), "\(server.faults.events)")
                #expect(server.notes.all.map(\.title) == ["h1", "h2", "n1", "n2", "l1", "l2"])
                #expect(results.all["gone"]?.error?.code == .canceled)
                #expect(results.all.values.filter { (try? $0.get()) != nil }.count == plan.count - 1)
                #expect(transport.waitingCallCount == 0)
            }
        }

        @Test("Request layer article: priority")
        func article() async throws {
            try await withServer { server in
                var configuration = ManagerConfiguration(baseURL: server.baseURL)
                configuration.wireProtocol = .connect
                var transportConfiguration = TransportConfiguration()
                transportConfiguration.maxConcurrentTransfers = 4       // past it, calls wait: high first, then normal, then low
                transportConfiguration.proxy = .none                    // talk to the server directly, whatever http_proxy says
                let manager = try ProtoHTTPManager(configuration: configuration, transport: HTTPTransport(configuration: transportConfiguration))
                defer { manager.transport.shutdown() }
                let client = Notes_NotesClient(manager: manager)
                let created = try await client.createNote(EndToEndTests.groceries)
                var request = Notes_GetNoteRequest()
                request.id = created.id

                var options = CallOptions()
                options.priority = .high                                // YTKRequest's requestPriority; also the HTTP/2 stream weight
                let note = try await client.getNote(request, options: options)

                #expect(note == created)
            }
        }

        @Test("over HTTP/2 every priority is sent with its stream weight and answered; without a limit nothing waits")
        func http2Weights() async throws {
            try await withServer { server in
                let transport = try TestServer.transport { $0.httpVersion = .http2PriorKnowledge }
                defer { transport.shutdown() }
                var configuration = ManagerConfiguration(baseURL: server.baseURL)
                configuration.wireProtocol = .connect
                let manager = try ProtoHTTPManager(configuration: configuration, transport: transport)
                for priority in CallPriority.allCases {
                    var request = Notes_CreateNoteRequest()
                    request.title = "\(priority)"
                    var options = CallOptions()
                    options.priority = priority
                    let response = try await manager.unaryForResponse(Notes_NotesMetadata.CreateNote.self, request, options: options)
                    #expect(response.output.title == "\(priority)" && response.metadata.metrics?.httpVersion == "2")
                }
                #expect(transport.waitingCallCount == 0)
            }
        }
    }
}

