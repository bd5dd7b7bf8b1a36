// CapacityLimitTests.swift: maxConcurrentRequests answers 503 unavailable beyond it; maxConnections stops accepting until one closes.
import ProtoHTTP
import ProtoHTTPDemo
@testable import ProtoHTTPServer
import ProtoWire
import Testing
import ProtoHTTPTestSupport
import ProtoHTTPDemoService

extension ServerTests {
    @Suite("Capacity limits")
    struct CapacityLimitTests {
        static func getNote(_ id: String = "n404") -> [UInt8] {
            var request = Notes_GetNoteRequest()
            request.id = id
            return RawConnection.request("/notes.Notes/GetNote", headers: ErrorFormatTests.connectBinary, body: request.serializedBytes())
        }

        @Test("past maxConcurrentRequests a request is answered 503 unavailable with Retry-After at once, not queued; once one ends, the next is served")
        func concurrentRequests() async throws {
            try await withServer({ $0.maxConcurrentRequests = 1 }) { server in
                let busy = try await RawConnection.open(port: server.port)
                try await busy.send(RawConnection.request("/test.Faults/Slow", headers: ErrorFormatTests.connectBinary,
                                                          body: Google_Protobuf_Int32Value.ms(-1).serializedBytes()))
                #expect(await waitUntil { server.faults.events == ["slow started"] })

                let refused = try await RawConnection.exchange(port: server.port, "/notes.Notes/GetNote", headers: ErrorFormatTests.connectBinary,
                                                               body: Notes_GetNoteRequest().serializedBytes())
                ErrorFormatTests.expectError(refused, 503, #"{"code":"unavailable","message":"the server is serving its limit of 1 requests at once; retry with backoff, or raise ServerConfiguration.maxConcurrentRequests."}"#)
                #expect(refused.header(.retryAfter) == "1")
                let twirp = try await RawConnection.exchange(port: server.port, "/twirp/notes.Notes/GetNote", headers: [("Content-Type", "application/json")],
                                                             body: Array("{}".utf8))
                #expect(twirp.status == 503 && String(decoding: twirp.body, as: UTF8.self).contains(#""code":"unavailable""#), "Twirp's format")

                server.faults.release()
                #expect(try await busy.readResponse().status == 200)
                await busy.close()
                #expect(await waitUntil { server.server.requestTaskCount == 0 })
                let served = try await RawConnection.exchange(port: server.port, "/notes.Notes/GetNote", headers: ErrorFormatTests.connectBinary,
                                                              body: Notes_GetNoteRequest().serializedBytes())
                #expect(served.status == 404, "served once the slow call ended")
            }
        }

        @Test("at maxConnections the server accepts no more until one closes; the waiting connection is then served")
        func connections() async throws {
            try await withServer({ $0.maxConnections = 2; $0.threads = 1 }) { server in
                let first = try await RawConnection.open(port: server.port)
                let second = try await RawConnection.open(port: server.port)
                for connection in [first, second] {
                    try await connection.send(Self.getNote())
                    #expect(try await connection.readResponse().status == 404)
                }
                let waiting = try await RawConnection.open(port: server.port)  // the kernel's backlog takes it
                try await waiting.send(Self.getNote())
                // A round trip on the one event loop: the listener's readiness was seen meanwhile.
                try await first.send(Self.getNote())
                #expect(try await first.readResponse().status == 404)
                #expect(server.server.connectionCount == 2, "a third connection was accepted")

                await first.close()
                #expect(try await waiting.readResponse().status == 404, "accepted and served once the first closed")
                #expect(server.server.connectionCount <= 2)
                await second.close()
                await waiting.close()
            }
        }

        @Test("the defaults: 4,096 connections and 4,096 requests at once")
        func defaults() {
            let configuration = ServerConfiguration()
            #expect(configuration.maxConnections == 4_096 && configuration.maxConcurrentRequests == 4_096)
        }
    }
}
