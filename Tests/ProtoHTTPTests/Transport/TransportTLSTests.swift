// TransportTLSTests.swift: TLS verification on by default, CA bundle override, public-key pinning.
import ProtoHTTPTestSupport
import Testing
@testable import ProtoHTTP

@Suite("HTTPTransport TLS")
struct TransportTLSTests {
    @Test func selfSignedServerIsRejectedByDefault() async throws {
        let server = try await TestServer.start(tls: true)
        defer { server.stop() }
        let transport = try makeTransport()
        let recorder = CallbackRecorder()
        _ = recorder.send(transport, TransportRequest(method: "GET", url: server.url("/proto")))
        let results = await recorder.waitForResults(1)
        #expect(results.count == 1)
        let error = try #require(results.first?.error)
        #expect(error.code == .unavailable)
        #expect(error.message.contains("TLS"))
        #expect(error.transportError?.curlCode == 60)  // CURLE_PEER_FAILED_VERIFICATION
        await expectNoLeaks(transport)
    }

    @Test func caBundleOverrideTrustsTheServer() async throws {
        let server = try await TestServer.start(tls: true)
        defer { server.stop() }
        let transport = try makeTransport { $0.tls.caBundlePath = server.certificatePath }
        let response = try await transport.send(TransportRequest(method: "GET", url: server.url("/proto")))
        #expect(response.status == 200)
        #expect(response.body.count == 10)
        // No h2 on this server: ALPN falls back to HTTP/1.1.
        #expect(response.metrics.httpVersion == "1.1")
        await expectNoLeaks(transport)
    }

    @Test func matchingPinIsAccepted() async throws {
        let server = try await TestServer.start(tls: true)
        defer { server.stop() }
        let pin = try #require(server.publicKeyPin)
        let transport = try makeTransport {
            $0.tls.caBundlePath = server.certificatePath
            $0.tls.pinnedPublicKey = pin
        }
        let response = try await transport.send(TransportRequest(url: server.url("/echo"), body: [4, 2]))
        #expect(response.body == [4, 2])
        await expectNoLeaks(transport)
    }

    @Test func mismatchedPinIsRejected() async throws {
        let server = try await TestServer.start(tls: true)
        defer { server.stop() }
        let transport = try makeTransport {
            $0.tls.caBundlePath = server.certificatePath
            $0.tls.pinnedPublicKey = "sha256//AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA="
        }
        let recorder = CallbackRecorder()
        _ = recorder.send(transport, TransportRequest(method: "GET", url: server.url("/proto")))
        let results = await recorder.waitForResults(1)
        #expect(results.count == 1)
        let error = try #require(results.first?.error)
        #expect(error.code == .unavailable)
        #expect(error.transportError?.curlCode == 90)  // CURLE_SSL_PINNEDPUBKEYNOTMATCH
        #expect(error.message.contains("pinned public key"))
        await expectNoLeaks(transport)
    }

    @Test func verificationCanBeSwitchedOffExplicitly() async throws {
        let server = try await TestServer.start(tls: true)
        defer { server.stop() }
        let transport = try makeTransport {
            $0.tls.verifyPeer = false
            $0.tls.verifyHost = false
        }
        let response = try await transport.send(TransportRequest(method: "GET", url: server.url("/proto")))
        #expect(response.status == 200)
        await expectNoLeaks(transport)
    }
}
