// TransportTests.swift: the transport against the loopback server: methods, headers, bodies, statuses, reuse.
import Foundation
import ProtoHTTPTestSupport
import Testing
@testable import ProtoHTTP
import HTTPTypes
import ProtoHTTPCore

@Suite("HTTPTransport basics")
struct TransportTests {
    @Test func postEchoesBodyAndHeadersThroughCallbacksOffTheCurlThread() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let transport = try makeTransport()
        let recorder = CallbackRecorder()
        let body: [UInt8] = Array(0...255) + Array(0...255)
        let call = recorder.send(transport, TransportRequest(
            url: server.url("/echo"),
            headers: [.contentType: "application/x-protobuf", .named("X-Test-Trace"): "abc 123"],
            body: body
        ))
        let results = await recorder.waitForResults(1)
        #expect(results.count == 1)
        #expect(recorder.handedOffCount == 1)
        let response = try #require(results.first?.value)
        #expect(response.status == 200)
        #expect(response.body == body)
        #expect(response.headers.firstValue(.named("x-echo-method")) == "POST")
        #expect(response.headers.firstValue(.named("X-Echo-Content-Type")) == "application/x-protobuf")
        #expect(response.headers.firstValue(.named("X-Echo-Header-Trace")) == "abc 123")
        #expect(response.metrics.httpVersion == "1.1")
        #expect(call.isFinished)
        #expect(!recorder.callbackThreads.contains(transport.threadID))
        #expect(!recorder.callbackThreads.isEmpty)
        await expectNoLeaks(transport)
    }

    @Test("a line break in a header value goes out as spaces in that one header: nothing is injected")
    func lineBreaksInValuesInjectNothing() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let transport = try makeTransport()
        let field = HTTPField(name: .named("X-Test-A"), value: "a\r\nX-Test-B: injected\0")
        let echo = try await transport.send(TransportRequest(url: server.url("/echo"), headers: HTTPFields([field]), body: []))
        #expect(echo.headers.firstValue(.named("X-Echo-Header-A")) == "a  X-Test-B: injected")
        #expect(!echo.headers.contains(.named("X-Echo-Header-B")), "no second header")
        await expectNoLeaks(transport)
    }

    @Test func postWithoutContentTypeSendsNoneAndNoExpect() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let transport = try makeTransport()
        let echo = try await transport.send(TransportRequest(url: server.url("/echo"), body: Array("x".utf8)))
        #expect(echo.headers.firstValue(.named("X-Echo-Content-Type")) == "<none>")
        let big = [UInt8](repeating: 7, count: 2 << 20)
        let headers = try await transport.send(TransportRequest(url: server.url("/headers"), body: big))
        #expect(!headers.text.lowercased().contains("expect:"))
        #expect(headers.text.contains("User-Agent: ProtoHTTP"))
        await expectNoLeaks(transport)
    }

    @Test(arguments: ["GET", "PUT", "DELETE", "PATCH"])
    func methodsReachTheServer(method: String) async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let transport = try makeTransport()
        let body: [UInt8]? = method == "GET" || method == "DELETE" ? nil : Array("payload".utf8)
        let response = try await transport.send(TransportRequest(method: HTTPMethod(rawValue: method), url: server.url("/echo"), body: body))
        #expect(response.status == 200)
        #expect(response.headers.firstValue(.named("X-Echo-Method")) == method)
        #expect(response.body == (body ?? []))
        await expectNoLeaks(transport)
    }

    @Test func headRequestGetsHeadersOnly() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let transport = try makeTransport()
        let response = try await transport.send(TransportRequest(method: "HEAD", url: server.url("/proto")))
        #expect(response.status == 200)
        #expect(response.body.isEmpty)
        #expect(response.headers.firstValue(.named("content-length")) == "10")
        await expectNoLeaks(transport)
    }

    @Test func fixedProtobufBody() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let transport = try makeTransport()
        let response = try await transport.send(TransportRequest(method: "GET", url: server.url("/proto")))
        #expect(response.body == [0x08, 0x96, 0x01, 0x12, 0x05] + Array("hello".utf8))
        #expect(response.headers.firstValue(.contentType) == "application/x-protobuf")
        await expectNoLeaks(transport)
    }

    @Test func compressedResponsesAreAskedForAndDecoded() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let transport = try makeTransport()
        let echo = try await transport.send(TransportRequest(url: server.url("/echo")))
        let accepted = try #require(echo.headers.firstValue(.named("X-Echo-Accept-Encoding")))
        for encoding in ["gzip", "br", "zstd"] { #expect(accepted.contains(encoding), "\(accepted)") }
        let response = try await transport.send(TransportRequest(method: "GET", url: server.url("/gzip?size=100000")))
        #expect(response.headers.firstValue(.contentEncoding) == "gzip")
        #expect(response.body.count == 100_000)
        #expect(response.text.hasPrefix("protohttp-protohttp-"))
        await expectNoLeaks(transport)
    }

    @Test func compressionCanBeSwitchedOff() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let transport = try makeTransport { $0.acceptCompressedResponses = false }
        let echo = try await transport.send(TransportRequest(url: server.url("/echo")))
        #expect(echo.headers.firstValue(.named("X-Echo-Accept-Encoding")) == "<none>")
        await expectNoLeaks(transport)
    }

    @Test(arguments: [(404, false), (404, true), (500, false), (500, true), (503, false), (503, true)])
    func errorStatusesAreResponsesWithOrWithoutBodies(status: Int, withBody: Bool) async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let transport = try makeTransport()
        let recorder = CallbackRecorder()
        _ = recorder.send(transport, TransportRequest(method: "GET", url: server.url("/status/\(status)\(withBody ? "?body=1" : "")")))
        let results = await recorder.waitForResults(1)
        #expect(results.count == 1)
        let response = try #require(results.first?.value)
        #expect(response.status == status)
        #expect(response.text == (withBody ? "status \(status) from the test server" : ""))
        await expectNoLeaks(transport)
    }

    @Test func sequentialCallsReuseOneKeptAliveConnection() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let transport = try makeTransport()
        var newConnections: [Int] = []
        for i in 0..<10 {
            let response = try await transport.send(TransportRequest(url: server.url("/echo"), body: Array("call \(i)".utf8)))
            #expect(response.text == "call \(i)")
            newConnections.append(response.metrics.newConnections)
        }
        #expect(newConnections == [1] + Array(repeating: 0, count: 9))
        let count = try await transport.send(TransportRequest(method: "GET", url: server.url("/connections")))
        #expect(count.text == "1")
        await expectNoLeaks(transport)
    }

    @Test func http1OnlyConfigurationStillWorks() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let transport = try makeTransport { $0.httpVersion = .http1_1 }
        let response = try await transport.send(TransportRequest(url: server.url("/echo"), body: [1, 2, 3]))
        #expect(response.body == [1, 2, 3])
        #expect(response.metrics.httpVersion == "1.1")
        await expectNoLeaks(transport)
    }

    @Test func defaultsMatchTheIssue() {
        let configuration = TransportConfiguration()
        #expect(configuration.maxResponseSize == 64 * 1024 * 1024)
        #expect(configuration.tls.verifyPeer)
        #expect(configuration.tls.verifyHost)
        #expect(configuration.httpVersion == .http2)
        #expect(configuration.acceptCompressedResponses)
    }

    @Test func callIDsAreUniqueAndIncreasing() async throws {
        let transport = try makeTransport()
        let recorder = CallbackRecorder()
        let calls = (0..<20).map { _ in recorder.send(transport, TransportRequest(url: "http://127.0.0.1:1/never")) }
        let ids = calls.map(\.id)
        #expect(ids == ids.sorted())
        #expect(Set(ids).count == ids.count)
        _ = await recorder.waitForResults(20)
        await expectNoLeaks(transport)
    }
}
