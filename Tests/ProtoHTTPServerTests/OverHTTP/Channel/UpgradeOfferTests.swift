// UpgradeOfferTests.swift: an HTTP/1.1 request offering an upgrade (libcurl's Upgrade: h2c) is answered and its connection closed, not left hanging.
import ProtoHTTPTestSupport
import Testing

extension ServerTests {
    @Suite("Upgrade offers over HTTP/1.1")
    struct UpgradeOfferTests {
        @Test("a request with Connection: Upgrade gets its answer with Connection: close, then the connection ends; the next one is served on a new connection")
        func upgradeOfferEndsTheConnection() async throws {
            try await withServer { server in
                let connection = try await RawConnection.open(port: server.port)
                try await connection.send(RawConnection.request("/test.Faults/Ping", headers: [
                    ("Content-Type", "application/proto"), ("Connection", "Upgrade, HTTP2-Settings"), ("Upgrade", "h2c"),
                    ("HTTP2-Settings", "AAMAAABkAAQCAAAAAAIAAAAA"),
                ]))
                let answer = try await connection.readResponse()
                #expect(answer.status == 200)
                #expect(answer.header(.connection)?.lowercased() == "close", "\(answer.headers)")
                #expect(await connection.closedByServer(within: hangGuard))
                let next = try await RawConnection.exchange(port: server.port, "/test.Faults/Ping", headers: [("Content-Type", "application/proto")])
                #expect(next.status == 200)
                #expect(server.faults.pings == 2)
            }
        }
    }
}
