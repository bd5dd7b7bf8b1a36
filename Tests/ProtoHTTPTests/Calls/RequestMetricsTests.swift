// RequestMetricsTests.swift: ResponseMetadata.metrics against the test server: phase times in order, bytes both ways, reuse, TLS, none from a cache.
import ProtoHTTPTestSupport
import Testing
@testable import ProtoHTTP
import ProtoHTTPCore

@Suite("Request metrics")
struct RequestMetricsTests {
    /// The phases are measured from the transfer's start, so they never go back; a phase the
    /// transfer skipped (no lookup or connect on a reused connection, no handshake in
    /// cleartext) reports zero and is left out.
    private func expectOrdered(_ metrics: TransportMetrics, sourceLocation: SourceLocation = #_sourceLocation) {
        let phases = [metrics.nameLookupTime, metrics.connectTime, metrics.tlsHandshakeTime, metrics.firstByteTime].filter { $0 > .zero }
            + [metrics.totalTime]
        #expect(zip(phases, phases.dropFirst()).allSatisfy { $0 <= $1 }, "\(metrics)", sourceLocation: sourceLocation)
        #expect(metrics.totalTime > .zero && metrics.firstByteTime > .zero, "\(metrics)", sourceLocation: sourceLocation)
    }

    @Test("a call's metadata carries curl's phase times, bytes sent and received, the HTTP version and connection reuse")
    func cleartext() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let manager = try ProtoHTTPManager(configuration: ManagerConfiguration(baseURL: server.url("")), transport: makeTransport())
        let body = [UInt8](repeating: 7, count: 3000)
        let first = try await manager.request(.post, "/echo", input: body, requestSerializer: .raw, responseSerializer: .raw)
        let metrics = try #require(first.metadata.metrics)
        expectOrdered(metrics)
        #expect(metrics.httpVersion == "1.1" && metrics.newConnections == 1 && !metrics.reusedConnection)
        #expect(metrics.connectTime > .zero && metrics.tlsHandshakeTime == .zero, "cleartext: a connect, no handshake")
        #expect(metrics.bodyBytesSent == 3000 && metrics.bodyBytesReceived == 3000)
        #expect(metrics.headerBytesSent > 50 && metrics.headerBytesReceived > 50)

        let second = try await manager.request(.post, "/echo", input: [1], requestSerializer: .raw, responseSerializer: .raw)
        let again = try #require(second.metadata.metrics)
        #expect(again.reusedConnection && again.bodyBytesSent == 1 && again.bodyBytesReceived == 1)
        expectOrdered(again)
        #expect(second.metadata.rpcProtocol == .plain)
    }

    @Test("over TLS the handshake has its own time, after the connect")
    func tls() async throws {
        let server = try await TestServer.start(tls: true)
        defer { server.stop() }
        let manager = try ProtoHTTPManager(configuration: ManagerConfiguration(baseURL: server.url("")),
                                           transport: makeTransport { $0.tls.caBundlePath = server.certificatePath })
        let answer = try await manager.request(.get, "/proto", input: [:], requestSerializer: .formURLEncoded, responseSerializer: .raw)
        let metrics = try #require(answer.metadata.metrics)
        #expect(metrics.tlsHandshakeTime > metrics.connectTime, "\(metrics)")
        expectOrdered(metrics)
        #expect(metrics.bodyBytesReceived == 10)
    }
}
