// TransportProtocolLimitTests.swift: the transport speaks HTTP and HTTPS only, for a request and for every redirect it follows.
import Foundation
import ProtoHTTPTestSupport
import Testing
@testable import ProtoHTTP
import ProtoHTTPCore

@Suite("HTTPTransport: HTTP and HTTPS only")
struct TransportProtocolLimitTests {
    @Test("a URL of another scheme is refused before libcurl sees it, with a clear error", arguments: [
        "file:///etc/hostname", "ftp://127.0.0.1/x", "gopher://127.0.0.1:70/", "dict://127.0.0.1/x", "127.0.0.1/echo",
        "httpx://127.0.0.1/x", "htt://127.0.0.1/x", "https2://127.0.0.1/x", "http",
    ])
    func otherSchemesAreRefused(url: String) async throws {
        let transport = try makeTransport()
        defer { transport.shutdown() }
        let error = await #expect(throws: ProtoHTTPError.self) {
            _ = try await transport.send(TransportRequest(method: "GET", url: url))
        }
        #expect(error?.code == .invalidArgument)
        #expect(error?.message.contains("is not an http:// or https:// URL") == true, "\(String(describing: error))")
    }

    @Test("the scheme is matched in any case: HTTP:// is sent")
    func schemeInAnyCase() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let transport = try makeTransport()
        defer { transport.shutdown() }
        let url = server.url("/proto")
        let shouted = "HTTP" + url.dropFirst(4)
        let response = try await transport.send(TransportRequest(method: "GET", url: String(shouted)))
        #expect(response.status == 200)
    }

    @Test("a redirect to file://, ftp:// or gopher:// is not followed: the call fails and no file is read; http redirects still are")
    func redirectsStayOnHTTP() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let transport = try makeTransport { $0.followRedirects = true }
        defer { transport.shutdown() }
        for target in ["file:///etc/passwd", "ftp://127.0.0.1:\(server.port)/x", "gopher://127.0.0.1:\(server.port)/x"] {
            let escaped = target.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? target
            let error = await #expect(throws: ProtoHTTPError.self, "the redirect to \(target) was followed") {
                _ = try await transport.send(TransportRequest(method: "GET", url: server.url("/redirect?to=\(escaped)")))
            }
            #expect(error?.transportError?.curlCode == 1, "\(target): \(String(describing: error))")   // CURLE_UNSUPPORTED_PROTOCOL
            #expect(error?.responseBody.map { String(decoding: $0, as: UTF8.self).contains("root:") } != true)
        }
        let followed = try await transport.send(TransportRequest(method: "GET", url: server.url("/redirect?to=%2Fproto")))
        #expect(followed.status == 200)
        #expect(followed.headers.firstValue(.contentType) == "application/x-protobuf")
    }
}
