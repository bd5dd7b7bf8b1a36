// HTTP2CleartextTests.swift: h2c with prior knowledge next to HTTP/1.1 on one port: curl, our client, limits, shutdown, idle.
import ProtoHTTP
import ProtoHTTPDemo
import ProtoHTTPServer
import ProtoWire
import Testing
import ProtoHTTPTestSupport
import ProtoHTTPDemoService
import ProtoHTTPCore

extension ServerTests {
    @Suite("HTTP/2 in cleartext (h2c, prior knowledge)")
    struct HTTP2CleartextTests {
        /// The HTTP/2 connection preface followed by an empty SETTINGS frame: a client's first bytes.
        static let clientPreface: [UInt8] = Array("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".utf8) + [0, 0, 0, 4, 0, 0, 0, 0, 0]

        @Test("curl --http2-prior-knowledge: Connect and Twirp JSON calls and an unknown method, each answered over HTTP/2")
        func curlPriorKnowledge() async throws {
            try await withServer { server in
                let json = ["--http2-prior-knowledge", "-H", "Content-Type: application/json"]
                let created = try await Curl.run(json + ["-d", #"{"title": "over h2c", "tags": ["h2"]}"#, server.baseURL + "/notes.Notes/CreateNote"])
                #expect(created.exitStatus == 0, "\(created.stderr)")
                #expect(created.httpVersion == "2")
                #expect(created.status == 200)
                #expect(created.body.contains(#""id":"n1""#) && created.body.contains(#""title":"over h2c""#), "\(created.body)")

                let listed = try await Curl.run(json + ["-d", #"{"tag": "h2"}"#, server.baseURL + "/twirp/notes.Notes/ListNotes"])
                #expect(listed.httpVersion == "2" && listed.status == 200)
                #expect(listed.body.contains(#""title":"over h2c""#), "\(listed.body)")

                let unknown = try await Curl.run(json + ["-d", "{}", server.baseURL + "/notes.Notes/Nope"])
                #expect(unknown.httpVersion == "2" && unknown.status == 404)
                #expect(unknown.body.contains(#""code":"unimplemented""#), "\(unknown.body)")
            }
        }

        @Test("our client with .http2PriorKnowledge: every protocol round-trips and the transport reports HTTP/2", arguments: ["connect", "twirp", "plain"])
        func ourClientPriorKnowledge(_ protocolName: String) async throws {
            try await withServer { server in
                let transport = try TestServer.transport { $0.httpVersion = .http2PriorKnowledge }
                defer { transport.shutdown() }
                let client = Notes_NotesClient(manager: try server.manager(EndToEndTests.wireProtocol(protocolName), transport: transport))
                let created = try await client.createNote(EndToEndTests.groceries)
                var get = Notes_GetNoteRequest()
                get.id = created.id
                #expect(try await client.getNote(get) == created)
                #expect(created.checklist.items.count == 2)

                let response = try await transport.send(TransportRequest(
                    url: server.baseURL + "/notes.Notes/GetNote", headers: [.contentType: "application/proto"],
                    body: get.serializedBytes()
                ))
                #expect(response.status == 200)
                #expect(response.metrics.httpVersion == "2")
                #expect(try Notes_Note(serializedBytes: response.body) == created)
            }
        }

        @Test("HTTP/1.1 clients on the same port are still served; an Upgrade: h2c request is answered over HTTP/1.1")
        func http1StillServed() async throws {
            try await withServer { server in
                let response = try await server.transport.send(TransportRequest(
                    url: server.baseURL + "/notes.Notes/ListNotes", headers: [.contentType: "application/json"],
                    body: Array("{}".utf8)
                ))
                #expect(response.status == 200 && response.metrics.httpVersion == "1.1")

                let upgrade = try await Curl.run(["--http2", "-H", "Content-Type: application/json", "-d", "{}", server.baseURL + "/notes.Notes/ListNotes"])
                #expect(upgrade.exitStatus == 0 && upgrade.status == 200, "\(upgrade.stderr)")
                #expect(upgrade.httpVersion == "1.1")
                #expect(upgrade.body == #"{}"#)

                // A request line that shares the preface's first byte ("P") is still HTTP/1.1.
                let raw = try await RawConnection.exchange(port: server.port, "/notes.Notes/ListNotes",
                                                           headers: [("Content-Type", "application/json")], body: Array("{}".utf8))
                #expect(raw.status == 200)
            }
        }

        @Test("with http2 off, prior-knowledge clients fail and HTTP/1.1 works")
        func http2Off() async throws {
            try await withServer({ $0.http2 = false }) { server in
                let transport = try TestServer.transport { $0.httpVersion = .http2PriorKnowledge }
                defer { transport.shutdown() }
                let refused = await Result { () async throws(ProtoHTTPError) in
                    try await transport.send(TransportRequest(url: server.baseURL + "/notes.Notes/ListNotes",
                                                              headers: [.contentType: "application/json"], body: Array("{}".utf8)))
                }
                #expect(refused.error != nil || (try? refused.get())?.status == 400, "\(refused)")
                let served = try await server.transport.send(TransportRequest(
                    url: server.baseURL + "/notes.Notes/ListNotes", headers: [.contentType: "application/json"],
                    body: Array("{}".utf8)
                ))
                #expect(served.status == 200 && served.metrics.httpVersion == "1.1")
            }
        }

        @Test("over h2c: a body past the limit gets 413, Connect-Timeout-Ms gets deadline_exceeded, handler errors keep their format",
              .timeLimit(.minutes(hangGuardMinutes)))
        func limitsAndDeadlines() async throws {
            try await withServer({ $0.maxRequestBodySize = 1_024 }) { server in
                let transport = try TestServer.transport { $0.httpVersion = .http2PriorKnowledge }
                defer { transport.shutdown() }
                let tooLarge = try await transport.send(TransportRequest(
                    url: server.baseURL + "/notes.Notes/CreateNote", headers: [.contentType: "application/proto"],
                    body: [UInt8](repeating: 0x0A, count: 4_096)
                ))
                #expect(tooLarge.status == 413 && tooLarge.metrics.httpVersion == "2")
                #expect(String(decoding: tooLarge.body, as: UTF8.self).contains(#""code":"resource_exhausted""#))

                let manager = try server.manager(.connect, transport: transport)
                // Slow waits for a release that never comes: only the deadline can end the call.
                let late = await Result { () async throws(ProtoHTTPError) in
                    try await manager.post("/test.Faults/Slow", Google_Protobuf_Int32Value.ms(-1), as: Google_Protobuf_Empty.self,
                                           options: CallOptions(headers: [.connectTimeout: "100"]))
                }
                #expect(late.error?.code == .deadlineExceeded, "\(String(describing: late.error))")
                #expect(await waitUntil { server.faults.events.contains("slow cancelled") })

                let refused = await Result { () async throws(ProtoHTTPError) in
                    try await manager.post("/test.Faults/Refuse", Google_Protobuf_StringValue("not_found"), as: Google_Protobuf_Empty.self)
                }
                #expect(refused.error?.code == .notFound && refused.error?.message == "asked to fail")
            }
        }

        // The grace period is an hour: a shutdown that waited it out hits the time limit.
        @Test("shutdown over HTTP/2: a call in flight finishes, an idle h2 connection closes at once, shutdown is quick",
              .timeLimit(.minutes(hangGuardMinutes)))
        func gracefulShutdown() async throws {
            try await withServer({ $0.shutdownGracePeriod = .seconds(3600) }) { server in
                let idle = try await RawConnection.open(port: server.port)
                try await idle.send(Self.clientPreface)
                let transport = try TestServer.transport { $0.httpVersion = .http2PriorKnowledge }
                defer { transport.shutdown() }
                let manager = try server.manager(.connect, transport: transport)
                let slow = Task {
                    await Result { () async throws(ProtoHTTPError) in
                        try await manager.post("/test.Faults/Slow", Google_Protobuf_Int32Value.ms(-1), as: Google_Protobuf_Empty.self)
                    }
                }
                #expect(await waitUntil { server.faults.events.contains("slow started") })
                // Each connection is counted when its own event loop has set it up: the idle one's
                // loop may come to it after the other loop has already served the slow call.
                #expect(await waitUntil { server.server.connectionCount == 2 })

                let shutdown = Task { await server.server.shutdown() }
                // The call is still held: the idle connection closes while it runs.
                #expect(await idle.closedByServer(within: hangGuard), "the idle HTTP/2 connection stayed open")
                #expect(server.faults.events == ["slow started"])
                server.faults.release()
                let result = await slow.value
                #expect(result.error == nil, "\(String(describing: result.error))")
                await shutdown.value
                #expect(server.faults.events == ["slow started", "slow finished"])
                #expect(server.server.connectionCount == 0)
            }
        }

        @Test("idle timeout: an h2 connection with no stream, and one that never finishes its preface, are closed")
        func idleConnections() async throws {
            try await withServer({ $0.idleTimeout = .milliseconds(300) }) { server in
                let h2 = try await RawConnection.open(port: server.port)
                try await h2.send(Self.clientPreface)
                let undecided = try await RawConnection.open(port: server.port)
                try await undecided.send(Array("PRI * HTTP".utf8))
                let started = ContinuousClock.now
                // Nothing else would close them: the wait is a hang guard, the lower bound the check.
                #expect(await h2.closedByServer(within: hangGuard))
                #expect(await undecided.closedByServer(within: hangGuard))
                #expect(ContinuousClock.now - started >= .milliseconds(250), "not before the idle timeout")
                #expect(await waitUntil { server.server.connectionCount == 0 })
            }
        }
    }
}
