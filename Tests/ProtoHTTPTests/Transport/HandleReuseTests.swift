// HandleReuseTests.swift: a recycled easy handle carries nothing of the previous transfer into the next.
import Foundation
import ProtoHTTP
import ProtoHTTPTestSupport
import Testing
import HTTPTypes
import ProtoHTTPCore

/// One transport sends its calls one after another, so every call after the first runs on the
/// handle the one before it used (`EasyHandlePool` keeps it). These tests send every pair
/// that could carry an option over, should a reuse ever skip `curl_easy_reset` (tried for
/// speed: no measurable gain), and check what the server saw.
@Suite("Easy handle reuse")
struct HandleReuseTests {
    private struct Step {
        let method: String
        let body: [UInt8]?
        var headers: HTTPFields = [:]
    }

    @Test("methods, bodies and headers: each call sends exactly its own")
    func methodsBodiesAndHeaders() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let transport = try makeTransport { $0.httpVersion = .http1_1 }
        let steps = [
            Step(method: "HEAD", body: nil),
            Step(method: "POST", body: Array("one".utf8), headers: [.named("X-Test-A"): "1", .contentType: "text/plain"]),
            Step(method: "DELETE", body: nil),
            Step(method: "HEAD", body: nil),
            Step(method: "GET", body: nil),
            Step(method: "PUT", body: Array("three".utf8), headers: [.named("X-Test-B"): "2"]),
            Step(method: "GET", body: nil),
            Step(method: "POST", body: []),
            Step(method: "PATCH", body: Array("four".utf8)),
            Step(method: "DELETE", body: Array("two".utf8)),
            Step(method: "POST", body: Array("five".utf8)),
        ]
        for (index, step) in steps.enumerated() {
            let response = try await transport.send(TransportRequest(method: HTTPMethod(rawValue: step.method), url: server.url("/echo"), headers: step.headers, body: step.body))
            let label = "step \(index): \(step.method)"
            #expect(response.status == 200, "\(label)")
            #expect(response.headers.firstValue(.named("X-Echo-Method")) == step.method, "\(label)")
            let sent = step.body ?? []
            #expect(response.headers.firstValue(.named("X-Echo-Body-Length")) == "\(sent.count)", "\(label)")
            #expect(response.body == (step.method == "HEAD" ? [] : sent), "\(label)")
            let expectedType = step.headers.firstValue(.contentType) ?? "<none>"
            #expect(response.headers.firstValue(.named("X-Echo-Content-Type")) == expectedType, "\(label)")
            #expect(response.headers.firstValue(.named("X-Echo-Header-A")) == step.headers.firstValue(.named("X-Test-A")), "\(label)")
            #expect(response.headers.firstValue(.named("X-Echo-Header-B")) == step.headers.firstValue(.named("X-Test-B")), "\(label)")
        }
        #expect(try await transport.send(TransportRequest(method: "GET", url: server.url("/connections"))).body == Array("1".utf8),
                "all on one connection, so one handle after another")
        await expectNoLeaks(transport)
    }

    @Test("a call's timeout and response limit do not outlive it")
    func limitsDoNotLeak() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let transport = try makeTransport { $0.timeout = nil; $0.connectTimeout = nil }
        let cut = await Result { () async throws(ProtoHTTPError) in
            try await transport.send(TransportRequest(method: "GET", url: server.url("/slow?ms=2000"), timeout: .milliseconds(200)))
        }
        #expect(cut.error?.code == .deadlineExceeded, "\(cut)")
        let limited = await Result { () async throws(ProtoHTTPError) in
            try await transport.send(TransportRequest(method: "GET", url: server.url("/big?size=5000"), maxResponseSize: 1000))
        }
        #expect(limited.error?.code == .resourceExhausted, "\(limited)")
        // The same handle (the failed ones were freed, this one is new), then reused twice:
        let first = try await transport.send(TransportRequest(method: "GET", url: server.url("/big?size=5000"), timeout: .milliseconds(300), maxResponseSize: 6000))
        #expect(first.body.count == 5000)
        let slow = try await transport.send(TransportRequest(method: "GET", url: server.url("/slow?ms=600")))
        #expect(slow.body == Array("slow".utf8), "the 300 ms limit of the call before stayed behind")
        let big = try await transport.send(TransportRequest(method: "GET", url: server.url("/big?size=100000")))
        #expect(big.body.count == 100_000, "the 6000-byte limit of the call before stayed behind")
        await expectNoLeaks(transport)
    }

    @Test("a download after plain calls, and plain calls after it, each with their own options")
    func plainAndFileTransfersAlternate() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("protohttp-reuse-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let transport = try makeTransport()
        let small = try await transport.send(TransportRequest(method: "GET", url: server.url("/big?size=100"), maxResponseSize: 200))
        #expect(small.body.count == 100)
        var download = TransportRequest(method: "GET", url: server.url("/big?size=300000"))
        download.bodyFile = ResponseBodyFile(path: folder + "/blob.bin")
        let downloaded = try await transport.send(download)
        #expect(downloaded.status == 200)
        let size = try FileManager.default.attributesOfItem(atPath: folder + "/blob.bin")[.size] as? Int
        #expect(size == 300_000, "the plain call's 200-byte limit did not reach the download")
        let after = try await transport.send(TransportRequest(method: "POST", url: server.url("/echo"), body: Array("after".utf8)))
        #expect(after.body == Array("after".utf8))
        #expect(after.bodyFile == nil)
        await expectNoLeaks(transport)
    }
}
