// SecretOriginTests.swift: the manager's secret headers and general parameters go only to trusted origins (two loopback servers on two ports).
import Foundation
import ProtoHTTPTestSupport
import Testing
@testable import ProtoHTTP
import HTTPTypes
import ProtoHTTPCore

@Suite("Secrets stay with their origin")
struct SecretOriginTests {
    /// The request headers `server` saw on `/headers` and the query `/echo` saw, for one call of each.
    private func seen(_ manager: ProtoHTTPManager, _ server: TestServer, _ options: CallOptions = CallOptions(),
                      absolute: Bool = true) async throws -> (headers: String, query: String) {
        let prefix = absolute ? server.url("") : ""
        let headers = try await manager.request(.get, prefix + "/headers", input: [:], requestSerializer: .formURLEncoded,
                                                responseSerializer: .raw, options: options)
        let echo = try await manager.request(.get, prefix + "/echo", input: [:], requestSerializer: .formURLEncoded,
                                             responseSerializer: .raw, options: options)
        return (String(decoding: headers.output, as: UTF8.self).lowercased(), echo.metadata.headers.firstValue(.named("X-Echo-Query")) ?? "")
    }

    private func manager(base: TestServer, _ adjust: (inout ManagerConfiguration) -> Void = { _ in }) throws -> ProtoHTTPManager {
        var configuration = ManagerConfiguration(baseURL: base.url(""))
        configuration.headers = HTTPFields([.bearerAuthorization("secret-token"), HTTPField(name: .xAPIKey, value: "k-123"),
                                            HTTPField(name: .cookie, value: "session=s"), HTTPField(name: .named("X-Client"), value: "notes/1")])
        configuration.parameters = ["api_key": "p-456"]
        adjust(&configuration)
        return try ProtoHTTPManager(configuration: configuration, transport: makeTransport())
    }

    @Test("the base URL's origin gets every general header and parameter; another origin gets only the harmless ones")
    func otherOriginsGetNoSecrets() async throws {
        let base = try await TestServer.start()
        defer { base.stop() }
        let other = try await TestServer.start()
        defer { other.stop() }
        let manager = try manager(base: base)

        for (seen, place) in [(try await seen(manager, base, absolute: false), "relative"), (try await seen(manager, base), "absolute")] {
            #expect(seen.headers.contains("authorization: bearer secret-token"), "\(place)")
            #expect(seen.headers.contains("x-api-key: k-123") && seen.headers.contains("cookie: session=s"), "\(place)")
            #expect(seen.query == "api_key=p-456", "\(place)")
        }
        let elsewhere = try await seen(manager, other)
        #expect(!elsewhere.headers.contains("secret-token") && !elsewhere.headers.contains("k-123") && !elsewhere.headers.contains("session=s"),
                "a secret reached another origin: \(elsewhere.headers)")
        #expect(elsewhere.headers.contains("x-client: notes/1"), "a harmless general header was dropped")
        #expect(elsewhere.query == "<none>", "the general parameters reached another origin")

        // The call's own headers and parameters always go.
        var own = CallOptions(headers: [.xAPIKey: "the-cdn's"], parameters: ["sig": "abc"])
        let signed = try await seen(manager, other, own)
        #expect(signed.headers.contains("x-api-key: the-cdn's") && signed.query == "sig=abc")

        // Opting in per call sends them.
        own = CallOptions()
        own.sendsSecretsToAnyOrigin = true
        let optedIn = try await seen(manager, other, own)
        #expect(optedIn.headers.contains("authorization: bearer secret-token") && optedIn.query == "api_key=p-456")
    }

    @Test("useCDN sends a call to the manager's CDN base URL, without secrets unless the CDN's origin is listed; no CDN set is a clear error")
    func cdnBaseURL() async throws {
        let base = try await TestServer.start()
        defer { base.stop() }
        let cdn = try await TestServer.start()
        defer { cdn.stop() }
        var options = CallOptions()
        options.useCDN = true

        let manager = try manager(base: base) { $0.cdnBaseURL = cdn.url("") }
        _ = try await manager.request(.get, "/flaky?key=cdn&fails=0", input: [:], requestSerializer: .formURLEncoded, responseSerializer: .raw,
                                      options: options)
        let count: @Sendable (TestServer) async throws -> String = { server in
            let answer = try await manager.request(.get, server.url("/flaky-count?key=cdn"), input: [:], requestSerializer: .formURLEncoded,
                                                   responseSerializer: .raw)
            return String(decoding: answer.output, as: UTF8.self)
        }
        let (atCDNServer, atBaseServer) = (try await count(cdn), try await count(base))
        #expect(atCDNServer == "1" && atBaseServer == "0", "the CDN server, not the base URL's, answered the call")
        let atCDN = try await seen(manager, cdn, options, absolute: false)
        #expect(!atCDN.headers.contains("secret-token") && !atCDN.headers.contains("k-123") && atCDN.query == "<none>",
                "secrets reached the CDN: \(atCDN)")
        #expect(atCDN.headers.contains("x-client: notes/1"))
        let atBase = try await seen(manager, base, absolute: false)
        #expect(atBase.headers.contains("secret-token") && atBase.query == "api_key=p-456", "calls without useCDN still go to the base URL")

        let listed = try self.manager(base: base) { $0.cdnBaseURL = cdn.url(""); $0.trustedOrigins = [cdn.url("")] }
        #expect(try await seen(listed, cdn, options, absolute: false).headers.contains("secret-token"), "a listed CDN origin is trusted")

        let unset = try self.manager(base: base)
        let refused = await Result { () async throws(ProtoHTTPError) in
            try await unset.request(.get, "/echo", input: [:], requestSerializer: .formURLEncoded, responseSerializer: .raw, options: options)
        }
        let error = try #require(protoError(refused.mapError { $0 as any Error }))
        #expect(error.code == .invalidArgument && error.message.contains("cdnBaseURL"), "\(error)")
        #expect(unset.liveCallCount == 0)
    }

    @Test("trustedOrigins and a call's own base URL extend the trust; a different port or scheme is another origin")
    func trustedOriginsAndCallBase() async throws {
        let base = try await TestServer.start()
        defer { base.stop() }
        let other = try await TestServer.start()
        defer { other.stop() }
        let listed = try manager(base: base) { $0.trustedOrigins = [other.url("/any/path")] }
        #expect(try await seen(listed, other).headers.contains("secret-token"))

        let manager = try manager(base: base)
        var cdn = CallOptions()
        cdn.baseURL = other.url("")
        #expect(try await seen(manager, other, cdn, absolute: false).headers.contains("secret-token"))

        #expect(URLOrigin("HTTP://User:pw@Example.COM:80/x?y") == URLOrigin("http://example.com"))
        #expect(URLOrigin("https://example.com:443") == URLOrigin("https://example.com/"))
        #expect(URLOrigin("https://example.com:8443") != URLOrigin("https://example.com"))
        #expect(URLOrigin("http://example.com") != URLOrigin("https://example.com"))
        #expect(URLOrigin("http://[::1]:8080/p")?.description == "http://[::1]:8080")
        #expect(URLOrigin("http://example.com.evil.test") != URLOrigin("http://example.com"))
        #expect(URLOrigin("/relative") == nil)
    }

    @Test("origins a URL could disguise: user info before @, a trusted host in the path or query, a port that is not a number")
    func disguisedOrigins() {
        #expect(URLOrigin("https://api.example.com@evil.test/x") == URLOrigin("https://evil.test"))
        #expect(URLOrigin("https://evil.test/api.example.com") == URLOrigin("https://evil.test"))
        #expect(URLOrigin("https://evil.test?next=https://api.example.com") == URLOrigin("https://evil.test"))
        #expect(URLOrigin("https://evil.test#@api.example.com") == URLOrigin("https://evil.test"))
        #expect(URLOrigin("https://api.example.com:x443/") == nil && URLOrigin("https://api.example.com:99999/") == nil)
        #expect(URLOrigin("https://api.example.com:/") == nil)

        var configuration = ManagerConfiguration(baseURL: "https://api.example.com")
        configuration.trustedOrigins = ["https://upload.example.com/any"]
        let composition = RequestComposition(settings: SettingsSnapshot(configuration), options: CallOptions())
        #expect(composition.isTrusted("https://api.example.com:443/v1/x") && composition.isTrusted("https://upload.example.com/f"))
        #expect(composition.isTrusted("/v1/relative"), "a relative URL reaches no other origin")
        #expect(!composition.isTrusted("https://api.example.com@evil.test/"))
        #expect(!composition.isTrusted("https://api.example.com:x/"), "an absolute URL whose origin cannot be read")
        #expect(!composition.isTrusted("http://api.example.com/"), "another scheme")
    }
}
