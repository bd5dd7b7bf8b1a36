// GeneratedClientTests.swift: the generated PingService client (Clients=true) against the Python Connect and Twirp peers.
import Synchronization
import Testing
import ProtoHTTP
import ProtoHTTPTestSupport
import ProtoHTTPCore

@Suite("Generated clients against real Python peers", .serialized)
struct GeneratedClientTests {
    private func client(_ peer: PeerServer, _ name: String) throws -> Protohttp_Rpctest_PingServiceClient {
        var configuration = ManagerConfiguration(baseURL: peer.baseURL)
        configuration.wireProtocol = name == "connect" ? ConnectProtocol() : TwirpProtocol()
        return Protohttp_Rpctest_PingServiceClient(manager: try ProtoHTTPManager(configuration: configuration, transport: makeTransport()))
    }

    private func request(_ text: String) -> Protohttp_Rpctest_PingRequest {
        var request = Protohttp_Rpctest_PingRequest()
        request.text = text
        request.number = 1
        return request
    }

    @Test("async form: binary and JSON, options, typed errors", arguments: ["connect", "twirp"])
    func asyncForm(_ name: String) async throws {
        let peer = try await PeerServer.start(name)
        defer { peer.stop() }
        let client = try client(peer, name)
        for encoding in [BodyEncoding.binary, .json] {
            let reply = try await client.ping(request("hello"), options: CallOptions(encoding: encoding))
            #expect(reply.text == "hello" && reply.number == 2, "\(encoding)")
        }
        let echoed = try await client.ping(request("headers"), options: CallOptions(headers: [.named("X-Test-Value"): "v1"]))
        #expect(echoed.text == "v1")
        let failed = await Result { () async throws(ProtoHTTPError) in try await client.ping(request("fail:data_loss")) }
        #expect(failed.error?.code == .dataLoss)
        #expect(failed.error?.message == "asked to fail")

        let viaProtocol: any Protohttp_Rpctest_PingServiceClientProtocol = client
        let reply = try await viaProtocol.ping(request("proto"), options: CallOptions())
        #expect(reply.text == "proto")
        await expectNoLeaks(client.manager.transport)
    }

    @Test("callback form: completion then exactly one of success and failure", arguments: ["connect", "twirp"])
    func callbackForm(_ name: String) async throws {
        let peer = try await PeerServer.start(name)
        defer { peer.stop() }
        let client = try client(peer, name)
        for (text, encoding) in [("hello", BodyEncoding.binary), ("hello", .json), ("fail:not_found", .binary)] {
            let recorder = ClientRecorder()
            client.ping(request(text), options: CallOptions(encoding: encoding),
                        completion: { recorder.record("completion") },
                        success: { reply, metadata in recorder.record("success \(reply.text) \(reply.number) \(metadata.status)") },
                        failure: { error in recorder.record("failure \(error.code)") })
            let events = await recorder.settle()
            let expected = text == "hello" ? "success hello 2 200" : "failure \(ProtoHTTPError.Code.notFound)"
            #expect(events == ["completion", expected], "\(name) \(text) \(encoding)")
        }
        await expectNoLeaks(client.manager.transport)
    }
}

/// Records a generated client call's callbacks, in order.
private final class ClientRecorder: Sendable {
    private let events = Mutex<[String]>([])

    func record(_ event: String) { events.withLock { $0.append(event) } }

    /// Waits for a terminal event, then a little longer for strays.
    func settle() async -> [String] {
        _ = await waitUntil { self.events.withLock { $0.contains { $0.hasPrefix("success") || $0.hasPrefix("failure") } } }
        // A grace window for a second outcome that must not come: it can only miss a bug.
        try? await Task.sleep(for: .milliseconds(100))
        return events.withLock { $0 }
    }
}
