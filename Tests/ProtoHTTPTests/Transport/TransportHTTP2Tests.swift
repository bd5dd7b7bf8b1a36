// TransportHTTP2Tests.swift: HTTP/2 over TLS (ALPN) and h2c against nginx: version, multiplexing, HTTP/1.1 fallbacks, a typed manager call.
import Foundation
import ProtoHTTPTestSupport
import Testing
@testable import ProtoHTTP

@Suite("HTTP/2 against nginx")
struct TransportHTTP2Tests {
    /// Sends `count` POSTs at once through the async API and returns every response.
    private func concurrentPosts(_ transport: HTTPTransport, _ url: String, count: Int) async throws -> [TransportResponse] {
        try await withThrowingTaskGroup(of: TransportResponse.self) { group in
            for i in 0..<count {
                group.addTask { try await transport.send(TransportRequest(url: url, body: Array("call \(i)".utf8))) }
            }
            var responses: [TransportResponse] = []
            for try await response in group { responses.append(response) }
            return responses
        }
    }

    /// Checks that `responses` are `count` HTTP/2 answers from nginx that all came over one
    /// connection, opened once, as its streams 1 through `count`.
    private func expectMultiplexed(_ responses: [TransportResponse], count: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(responses.count == count, sourceLocation: sourceLocation)
        #expect(responses.allSatisfy { $0.status == 200 && $0.text == NginxServer.textBody }, sourceLocation: sourceLocation)
        #expect(responses.allSatisfy { $0.metrics.httpVersion == "2" }, "\(responses.map(\.metrics.httpVersion))", sourceLocation: sourceLocation)
        #expect(responses.allSatisfy { $0.headers.firstValue(.named("X-Protocol")) == "HTTP/2.0" }, sourceLocation: sourceLocation)
        let connections = Set(responses.map { $0.headers.firstValue(.named("X-Connection")) ?? "<none>" })
        #expect(connections.count == 1, "nginx saw connections \(connections.sorted())", sourceLocation: sourceLocation)
        let streams = responses.compactMap { $0.headers.firstValue(.named("X-Connection-Requests")).flatMap { Int($0) } }.sorted()
        #expect(streams == Array(1...count), "requests per connection: \(streams)", sourceLocation: sourceLocation)
        #expect(responses.map(\.metrics.newConnections).reduce(0, +) == 1, sourceLocation: sourceLocation)
    }

    @Test("TLS with the default version negotiates HTTP/2 through ALPN and reuses the connection")
    func tlsDefaultVersionIsHTTP2() async throws {
        let server = try await NginxServer.start(.tls)
        defer { server.stop() }
        let transport = try makeTransport { $0.tls.caBundlePath = server.certificatePath }
        #expect(transport.configuration.httpVersion == .http2)
        let first = try await transport.send(TransportRequest(url: server.url("/rpc"), body: [1, 2, 3]))
        #expect(first.status == 200)
        #expect(first.text == NginxServer.textBody)
        #expect(first.metrics.httpVersion == "2")
        #expect(first.headers.firstValue(.named("X-Protocol")) == "HTTP/2.0")
        #expect(first.metrics.newConnections == 1)
        let second = try await transport.send(TransportRequest(url: server.url("/rpc"), body: [4]))
        #expect(second.metrics.httpVersion == "2")
        #expect(second.metrics.newConnections == 0)
        #expect(second.headers.firstValue(.named("X-Connection")) == first.headers.firstValue(.named("X-Connection")))
        #expect(second.headers.firstValue(.named("X-Connection-Requests")) == "2")
        await expectNoLeaks(transport)
    }

    @Test("32 concurrent calls over TLS HTTP/2 share one multiplexed connection")
    func tlsMultiplexesConcurrentCalls() async throws {
        let server = try await NginxServer.start(.tls)
        defer { server.stop() }
        let transport = try makeTransport { $0.tls.caBundlePath = server.certificatePath }
        let responses = try await concurrentPosts(transport, server.url("/rpc"), count: 32)
        expectMultiplexed(responses, count: 32)
        await expectNoLeaks(transport)
    }

    @Test("h2c with prior knowledge speaks HTTP/2 in cleartext; repeated and 32 concurrent calls succeed, multiplexed where libcurl can")
    func h2cPriorKnowledge() async throws {
        let server = try await NginxServer.start(.h2c)
        defer { server.stop() }
        #expect(server.url("/rpc").hasPrefix("http://"))
        // Consecutive calls: on libcurl 7.88 the second one failed with curl 16 ("Error in the
        // HTTP2 framing layer") when it reused the connection with prior knowledge; there the
        // transport now reuses it by asking for HTTP/2 plainly (H2CConnections), so one
        // connection carries all three either way.
        let sequential = try makeTransport { $0.httpVersion = .http2PriorKnowledge }
        var responses: [TransportResponse] = []
        for i in 0..<3 {
            responses.append(try await sequential.send(TransportRequest(url: server.url("/rpc"), body: [UInt8(i)])))
        }
        #expect(responses.allSatisfy { $0.status == 200 && $0.text == NginxServer.textBody })
        #expect(responses.map(\.metrics.httpVersion) == ["2", "2", "2"])
        #expect(responses.allSatisfy { $0.headers.firstValue(.named("X-Protocol")) == "HTTP/2.0" })
        let connections = Set(responses.map { $0.headers.firstValue(.named("X-Connection")) ?? "<none>" })
        #expect(connections.count == 1)
        #expect(responses.map(\.metrics.newConnections) == [1, 0, 0])
        await expectNoLeaks(sequential)

        let concurrent = try makeTransport { $0.httpVersion = .http2PriorKnowledge }
        let parallel = try await concurrentPosts(concurrent, server.url("/rpc"), count: 32)
        if CurlTransfer.priorKnowledgeCannotReuse {
            // The first wave: each call that found no known connection made its own.
            #expect(parallel.count == 32)
            #expect(parallel.allSatisfy { $0.status == 200 && $0.metrics.httpVersion == "2" })
            #expect(parallel.allSatisfy { $0.headers.firstValue(.named("X-Protocol")) == "HTTP/2.0" })
            // The second wave reuses those connections: none new.
            let again = try await concurrentPosts(concurrent, server.url("/rpc"), count: 32)
            #expect(again.allSatisfy { $0.status == 200 && $0.metrics.httpVersion == "2" })
            #expect(again.map(\.metrics.newConnections).reduce(0, +) == 0, "\(again.map(\.metrics.newConnections))")
        } else {
            expectMultiplexed(parallel, count: 32)
        }
        await expectNoLeaks(concurrent)
    }

    @Test(".http1_1 against the h2-capable TLS server stays HTTP/1.1 on one kept-alive connection")
    func http11OverTLSStaysHTTP11() async throws {
        let server = try await NginxServer.start(.tls)
        defer { server.stop() }
        let transport = try makeTransport {
            $0.httpVersion = .http1_1
            $0.tls.caBundlePath = server.certificatePath
        }
        var responses: [TransportResponse] = []
        for i in 0..<3 {
            responses.append(try await transport.send(TransportRequest(url: server.url("/rpc"), body: [UInt8(i)])))
        }
        #expect(responses.allSatisfy { $0.status == 200 && $0.text == NginxServer.textBody })
        #expect(responses.map(\.metrics.httpVersion) == ["1.1", "1.1", "1.1"])
        #expect(responses.allSatisfy { $0.headers.firstValue(.named("X-Protocol")) == "HTTP/1.1" })
        #expect(Set(responses.map { $0.headers.firstValue(.named("X-Connection")) ?? "<none>" }).count == 1)
        #expect(responses.map { $0.headers.firstValue(.named("X-Connection-Requests")) } == ["1", "2", "3"])
        #expect(responses.map(\.metrics.newConnections) == [1, 0, 0])
        await expectNoLeaks(transport)
    }

    @Test("the default version over cleartext http:// is HTTP/1.1 without an h2c Upgrade")
    func defaultVersionOverCleartextIsHTTP11() async throws {
        let server = try await NginxServer.start(.http1)
        defer { server.stop() }
        let transport = try makeTransport()
        let response = try await transport.send(TransportRequest(url: server.url("/rpc"), body: [1]))
        #expect(response.status == 200)
        #expect(response.metrics.httpVersion == "1.1")
        #expect(response.headers.firstValue(.named("X-Protocol")) == "HTTP/1.1")
        #expect(response.headers.firstValue(.named("X-Request-Upgrade")) == nil)
        await expectNoLeaks(transport)
    }

    @Test("h2c prior knowledge against an HTTP/1.1-only server fails once with unavailable")
    func priorKnowledgeAgainstHTTP11ServerFails() async throws {
        let server = try await NginxServer.start(.http1)
        defer { server.stop() }
        let transport = try makeTransport { $0.httpVersion = .http2PriorKnowledge }
        let recorder = CallbackRecorder()
        _ = recorder.send(transport, TransportRequest(url: server.url("/rpc"), body: [1]))
        let results = await recorder.waitForResults(1)
        #expect(results.count == 1)
        let error = try #require(results.first?.error)
        #expect(error.code == .unavailable, "\(error)")
        #expect(error.transportError != nil)
        await expectNoLeaks(transport)
    }

    @Test("a typed ProtoHTTPManager call over TLS HTTP/2 decodes nginx's protobuf body; concurrent ones share the connection")
    func managerTypedCallOverHTTP2() async throws {
        let server = try await NginxServer.start(.tls)
        defer { server.stop() }
        let transport = try makeTransport { $0.tls.caBundlePath = server.certificatePath }
        let manager = try ProtoHTTPManager(configuration: ManagerConfiguration(baseURL: server.url("")), transport: transport)

        let recorder = ManagerRecorder()
        _ = recorder.post(manager, "/pong")
        #expect(await recorder.settle() == ["completion", "success"])
        let (reply, metadata) = try #require(recorder.replies.withLock { $0.first })
        #expect(reply.text == "hello")
        #expect(reply.number == 42)
        #expect(metadata.status == 200)
        #expect(metadata.contentType == "application/x-protobuf")
        #expect(metadata.headers.firstValue(.named("X-Protocol")) == "HTTP/2.0")

        let results = try await withThrowingTaskGroup(of: (Protohttp_Rpctest_PingResponse, ResponseMetadata).self) { group in
            for i in 0..<8 {
                var request = Protohttp_Rpctest_PingRequest()
                request.number = Int32(i)
                group.addTask {
                    try await manager.post("/pong", input: request, requestSerializer: ProtobufRequestSerializer<Protohttp_Rpctest_PingRequest>(),
                                           responseSerializer: MessageResponseSerializer<Protohttp_Rpctest_PingResponse>())
                }
            }
            var results: [(Protohttp_Rpctest_PingResponse, ResponseMetadata)] = []
            for try await result in group { results.append(result) }
            return results
        }
        #expect(results.count == 8)
        #expect(results.allSatisfy { $0.0.text == "hello" && $0.0.number == 42 })
        let connections = Set((results.map(\.1) + [metadata]).map { $0.headers.firstValue(.named("X-Connection")) ?? "<none>" })
        #expect(connections.count == 1, "nginx saw connections \(connections.sorted())")
        #expect(await waitUntil { manager.liveCallCount == 0 })
        await expectNoLeaks(transport)
    }
}
