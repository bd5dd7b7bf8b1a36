// InProcessTransportTests.swift: the manager and the generated client on InProcessTransport: a server's services with no socket, same answers, deadlines, cancels and errors as over HTTP.
import Foundation
import ProtoHTTP
import ProtoHTTPCore
import ProtoHTTPDemo
import ProtoHTTPDemoService
import ProtoHTTPInProcess
import ProtoHTTPServer
import ProtoHTTPTestSupport
import ProtoWire
import Synchronization
import Testing

extension ServerTests {
    @Suite("In-process transport")
    struct InProcessTransportTests {
        /// A server that is never started (no socket), with the notes and faults services.
        static func server() throws -> (ProtoHTTPServer, NotesStore, FaultsService) {
            var configuration = ServerConfiguration(host: "127.0.0.1", port: 0, accessLog: false)
            configuration.logger.logLevel = .critical
            let notes = NotesStore()
            let faults = FaultsService()
            return (try ProtoHTTPServer(configuration: configuration, services: [notes.definition, faults.definition]), notes, faults)
        }

        static func manager(_ server: ProtoHTTPServer, _ wireProtocol: any WireProtocol = .connect,
                            timeout: Duration = .seconds(20)) throws -> ProtoHTTPManager {
            var configuration = ManagerConfiguration(baseURL: "http://in-process")
            configuration.wireProtocol = wireProtocol
            configuration.timeout = timeout
            return try ProtoHTTPManager(configuration: configuration, transport: InProcessTransport(server: server))
        }

        @Test("the generated client over Connect, Twirp, gRPC and gRPC-Web, binary and JSON: every field round-trips and errors keep their code, message and details; no port is opened",
              arguments: ["connect", "twirp", "grpc", "grpc-web"], [false, true])
        func roundTrip(_ protocolName: String, _ json: Bool) async throws {
            let (server, notes, _) = try Self.server()
            let manager = try Self.manager(server, EndToEndTests.wireProtocol(protocolName))
            let client = Notes_NotesClient(manager: manager)
            let options = CallOptions(encoding: json ? .json : .binary)
            let created = try await client.createNote(EndToEndTests.groceries, options: options)
            #expect(created.title == "groceries" && created.labels == ["store": "corner", "aisle": "7"])
            #expect(created.content == .checklist(EndToEndTests.groceries.checklist))
            var get = Notes_GetNoteRequest()
            get.id = created.id
            let response = try await manager.unaryForResponse(Notes_NotesMetadata.GetNote.self, get, options: options)
            #expect(response.output == created)
            #expect(response.metadata.metrics?.httpVersion == "in-process")
            get.id = "nope"
            let missing = await Result { () async throws(ProtoHTTPError) in try await client.getNote(get, options: options) }
            let error = try #require(missing.error)
            let framed = protocolName.hasPrefix("grpc")
            #expect(error.code == .notFound && error.httpStatus == (framed ? 200 : 404) && error.message == "no note has id nope")
            if protocolName != "twirp" { #expect(error.details.map(\.type) == ["notes.GetNoteRequest"]) }
            if protocolName == "grpc" { #expect(response.metadata.trailers[.grpcStatus] == "0") }
            #expect(notes.count == 1)
            #expect(server.port == nil, "the server was never started")
        }

        @Test("the call's deadline and a cancel end the call at once and cancel the handler; a shut-down transport refuses calls")
        func deadlineCancelShutdown() async throws {
            let (server, _, faults) = try Self.server()
            let transport = InProcessTransport(server: server)
            var configuration = ManagerConfiguration(baseURL: "http://in-process")
            configuration.wireProtocol = .connect
            configuration.timeout = .milliseconds(300)
            let manager = try ProtoHTTPManager(configuration: configuration, transport: transport)
            let expired = await Result { () async throws(ProtoHTTPError) in
                try await manager.post("/test.Faults/Slow", Google_Protobuf_Int32Value(-1), as: Google_Protobuf_Empty.self)
            }
            #expect(expired.error?.code == .deadlineExceeded, "\(String(describing: expired.error))")
            #expect(await waitUntil { faults.events == ["slow started", "slow cancelled"] }, "\(faults.events)")

            let failures = Mutex<[ProtoHTTPError]>([])
            let handle = manager.post("/test.Faults/Slow", Google_Protobuf_Int32Value(-1), as: Google_Protobuf_Empty.self,
                                      options: CallOptions(timeout: .seconds(20)),
                                      success: { _, _ in }, failure: { error in failures.withLock { $0.append(error) } })
            #expect(await waitUntil { faults.events.count == 3 })
            handle.cancel()
            #expect(await waitUntil { faults.events.count == 4 }, "\(faults.events)")
            #expect(faults.events.last == "slow cancelled")
            // The failure callback runs on the callback queue, not before the handler's cancellation: wait for it.
            #expect(await waitUntil { failures.withLock { !$0.isEmpty } })
            #expect(failures.withLock { $0.map(\.code) } == [.canceled])
            #expect(await waitUntil { transport.callsInFlight == 0 })

            transport.shutdown()
            let refused = await Result { () async throws(ProtoHTTPError) in
                try await manager.post("/test.Faults/Ping", Google_Protobuf_Empty(), as: Google_Protobuf_Empty.self)
            }
            #expect(refused.error?.code == .unavailable && refused.error?.message.contains("shut down") == true)
        }

        @Test("a multipart form, a download to a file and a URL without a host fail with clear errors; a file body is read and sent")
        func unsupported() async throws {
            let (server, _, _) = try Self.server()
            let transport = InProcessTransport(server: server)
            do {
                _ = try await transport.send(TransportRequest(url: "http://in-process/upload", multipart: MultipartForm([.string("a", "1")])))
                Issue.record("a multipart form was sent")
            } catch {
                #expect(error.code == .unimplemented && error.message.contains("multipart"))
            }
            var download = TransportRequest(method: .get, url: "http://in-process/file")
            download.bodyFile = ResponseBodyFile(path: NSTemporaryDirectory() + "in-process-\(UUID().uuidString)")
            do {
                _ = try await transport.send(download)
                Issue.record("a download to a file was sent")
            } catch {
                #expect(error.code == .unimplemented && error.message.contains("in memory"))
            }
            do {
                _ = try await transport.send(TransportRequest(url: "/test.Faults/Ping"))
                Issue.record("a URL without a host was sent")
            } catch {
                #expect(error.code == .invalidArgument && error.message.contains("base URL"))
            }
            let path = NSTemporaryDirectory() + "in-process-body-\(UUID().uuidString)"
            try Data(Google_Protobuf_Empty().serializedBytes()).write(to: URL(fileURLWithPath: path))
            defer { try? FileManager.default.removeItem(atPath: path) }
            var ping = TransportRequest(url: "http://in-process/test.Faults/Ping", headers: [.contentType: "application/proto"])
            ping.uploadFile = path
            let answer = try await transport.send(ping)
            #expect(answer.status == 200)
        }

        @Test("Typed calls article: testing against the services, without sockets")
        func article() async throws {
            let store = NotesStore()
            var request = Notes_CreateNoteRequest()
            request.title = "in memory"

            let server = try ProtoHTTPServer(services: [store.definition])   // never started: no port
            var configuration = ManagerConfiguration(baseURL: "http://in-process")
            configuration.wireProtocol = .connect
            let manager = try ProtoHTTPManager(configuration: configuration, transport: InProcessTransport(server: server))
            let note = try await Notes_NotesClient(manager: manager).createNote(request)

            #expect(note.title == "in memory" && store.count == 1)
        }
    }
}
