// RedirectSecretTests.swift: secret headers never follow a redirect to another origin; method rules and the hop limit when the transport follows redirects itself.
import Foundation
import ProtoHTTPTestSupport
import Testing
@testable import ProtoHTTP
import HTTPTypes
import ProtoHTTPCore

@Suite("HTTPTransport: secrets stay behind on a cross-origin redirect")
struct RedirectSecretTests {
    static let secrets: HTTPFields = [
        .authorization: "Bearer s3cret", .xAPIKey: "k3y", .proxyAuthorization: "Basic cHJveHk=", .cookie: "session=abc",
    ]
    static let secretNames: Set<String> = ["authorization", "x-api-key", "proxy-authorization", "cookie"]
    static let kept = HTTPField(name: .named("X-Test-Kept"), value: "yes")

    /// `url` percent-encoded for a query value.
    static func escaped(_ url: String) -> String {
        url.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? url
    }

    /// The header names (lowercased) a `/headers` answer lists.
    static func names(_ response: TransportResponse) -> Set<String> {
        Set(String(decoding: response.body, as: UTF8.self).split(separator: "\n").compactMap { line in
            line.split(separator: ":", maxSplits: 1).first.map { $0.lowercased() }
        })
    }

    /// Runs `body` with two servers on two ports (two origins) and a transport that follows redirects.
    static func withTwoOrigins(_ body: (_ first: TestServer, _ second: TestServer, _ transport: HTTPTransport) async throws -> Void) async throws {
        let first = try await TestServer.start()
        defer { first.stop() }
        let second = try await TestServer.start()
        defer { second.stop() }
        let transport = try makeTransport { $0.followRedirects = true }
        defer { transport.shutdown() }
        try await body(first, second, transport)
    }

    @Test("a redirect to another port drops Authorization, X-API-Key, Proxy-Authorization and Cookie, keeps the rest, and a later hop back does not restore them")
    func crossOrigin() async throws {
        try await Self.withTwoOrigins { first, second, transport in
            let headers = Self.secrets + [Self.kept]

            let away = try await transport.send(TransportRequest(method: "GET", url: first.url("/redirect?to=\(Self.escaped(second.url("/headers")))"),
                                                                 headers: headers))
            #expect(away.status == 200)
            let awayNames = Self.names(away)
            #expect(awayNames.isDisjoint(with: Self.secretNames), "\(awayNames)")
            #expect(awayNames.contains("x-test-kept"))

            let back = second.url("/redirect?to=\(Self.escaped(first.url("/headers")))")
            let roundTrip = try await transport.send(TransportRequest(method: "GET", url: first.url("/redirect?to=\(Self.escaped(back))"), headers: headers))
            #expect(Self.names(roundTrip).isDisjoint(with: Self.secretNames), "back on the first origin")

            let home = try await transport.send(TransportRequest(method: "GET", url: first.url("/redirect?to=%2Fheaders"), headers: headers))
            #expect(Self.names(home).isSuperset(of: Self.secretNames.union(["x-test-kept"])),
                    "a same-origin redirect keeps every header")
        }
    }

    @Test("307 keeps POST and its body on the other origin, 302 turns POST into a GET without a body and Content-Type")
    func methods() async throws {
        try await Self.withTwoOrigins { first, second, transport in
            let body = Array("payload".utf8)
            let target = Self.escaped(second.url("/echo"))
            let headers = Self.secrets + HTTPFields([HTTPField(name: .contentType, value: "text/plain")])

            let kept = try await transport.send(TransportRequest(method: "POST", url: first.url("/redirect?status=307&to=\(target)"),
                                                                 headers: headers, body: body))
            #expect(kept.headers.firstValue(.named("X-Echo-Method")) == "POST" && kept.body == body)

            let changed = try await transport.send(TransportRequest(method: "POST", url: first.url("/redirect?status=302&to=\(target)"),
                                                                    headers: headers, body: body))
            #expect(changed.headers.firstValue(.named("X-Echo-Method")) == "GET")
            #expect(changed.headers.firstValue(.named("X-Echo-Body-Length")) == "0" && changed.headers.firstValue(.named("X-Echo-Content-Type")) == "<none>")
        }
    }

    @Test("more than 10 redirects fail the call with curl's too-many-redirects code, as libcurl's own following does")
    func hopLimit() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let transport = try makeTransport { $0.followRedirects = true }
        defer { transport.shutdown() }
        var url = "/headers"
        for _ in 0..<11 { url = "/redirect?to=\(Self.escaped(url))" }
        let error = await #expect(throws: ProtoHTTPError.self) {
            _ = try await transport.send(TransportRequest(method: "GET", url: server.url(url), headers: Self.secrets))
        }
        #expect(error?.transportError?.curlCode == 47, "\(String(describing: error))")  // CURLE_TOO_MANY_REDIRECTS
        var ten = "/headers"
        for _ in 0..<10 { ten = "/redirect?to=\(Self.escaped(ten))" }
        let followed = try await transport.send(TransportRequest(method: "GET", url: server.url(ten), headers: Self.secrets))
        #expect(followed.status == 200, "ten redirects are followed")
    }

    @Test("the method rules and the origin check, step by step")
    func steps() {
        let post = TransportRequest(method: "POST", url: "https://api.example.com/a",
                                    headers: Self.secrets + HTTPFields([HTTPField(name: .contentType, value: "application/json")]), body: [1])
        let names = TransportConfiguration().secretHeaderNames
        let see = RedirectStep.next(after: post, status: 303, location: "https://api.example.com/b", secretHeaderNames: names)
        #expect(see.method == "GET" && see.body == nil && see.headers.count == Self.secrets.count, "303: GET, no body, no Content-Type")
        let moved = RedirectStep.next(after: post, status: 301, location: "https://api.example.com:8443/b", secretHeaderNames: names)
        #expect(moved.method == "GET" && moved.headers.isEmpty, "another port is another origin")
        let temporary = RedirectStep.next(after: post, status: 308, location: "http://api.example.com/b", secretHeaderNames: names)
        #expect(temporary.method == "POST" && temporary.body == [1] && temporary.headers.map(\.name.rawName) == ["Content-Type"], "another scheme too")
        let mixedCase = TransportRequest(method: "GET", url: "https://api.example.com/a", headers: HTTPFields([
            HTTPField(name: .named("x-api-KEY"), value: "k"), HTTPField(name: .named("AUTHORIZATION"), value: "a"), HTTPField(name: .named("X-Kept"), value: "1"),
        ]))
        #expect(RedirectStep.isNeeded(for: mixedCase, configuration: { var c = TransportConfiguration(); c.followRedirects = true; return c }()))
        let away = RedirectStep.next(after: mixedCase, status: 302, location: "https://cdn.example.com/b", secretHeaderNames: names)
        #expect(away.headers.map(\.name.rawName) == ["X-Kept"], "secret names match in any letter case")
        let head = TransportRequest(method: "HEAD", url: "https://api.example.com/a")
        #expect(RedirectStep.next(after: head, status: 303, location: "https://API.example.com:443/b", secretHeaderNames: names).method == "HEAD")
        var configuration = TransportConfiguration()
        #expect(!RedirectStep.isNeeded(for: post, configuration: configuration), "redirects are off by default")
        configuration.followRedirects = true
        #expect(RedirectStep.isNeeded(for: post, configuration: configuration))
        #expect(!RedirectStep.isNeeded(for: head, configuration: configuration), "no secret: libcurl follows")
    }
}
