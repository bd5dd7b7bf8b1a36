// NeverReadingClientTests.swift: a client that pipelines requests and never reads its answers gets few served, then is cut off.
import ProtoHTTPServer
import ProtoHTTPTestSupport
import ProtoWire
import Testing

extension ServerTests {
    @Suite("Clients that never read")
    struct NeverReadingClientTests {
        @Test("a client pipelining 20,000 calls without reading gets at most a few thousand served before the server stops reading it, and is closed after responseWriteTimeout")
        func fewServedThenClosed() async throws {
            try await withServer({ $0.responseWriteTimeout = .seconds(1) }) { server in
                let connection = try await RawConnection.open(port: server.port)
                let ping = RawConnection.request("/test.Faults/Ping", headers: ErrorFormatTests.connectBinary)
                // ~2.6 MB: the kernel's buffers on both sides take it all, and the server reads at its pace.
                try await connection.send(Array([[UInt8]](repeating: ping, count: 20_000).joined()))
                // The client reads nothing: the test watches the server's side. Without the bound on
                // unsent bytes the kernel took all 20,000 answers (~1.8 MB), the connection never
                // turned unwritable, and it stayed open until the 60 s idle timeout.
                #expect(await waitUntil { server.server.connectionCount == 0 }, "closed 1 s after the client stopped reading")
                let served = server.faults.pings
                // The client's receive buffer, 32 KiB unsent in the kernel and 64 KiB pending in
                // NIO hold a few thousand empty answers.
                #expect(served > 0 && served < 10_000, "served \(served) of 20,000 calls to a client that never read")
                await connection.close()
            }
        }
    }
}
