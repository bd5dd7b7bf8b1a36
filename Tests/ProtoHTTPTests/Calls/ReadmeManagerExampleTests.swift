// ReadmeManagerExampleTests.swift: the README's "Typed calls" examples, compiled and run against the Python Connect and Twirp peers.
import Testing
@testable import ProtoHTTP

@Suite("README: typed calls", .serialized)
struct ReadmeManagerExampleTests {
    typealias Ping = Protohttp_Rpctest_PingServiceMetadata.Ping

    @Test("the manager example: a Twirp manager, JSON by default, unary callbacks and async, metadata")
    func managerExample() async throws {
        let peer = try await PeerServer.start("twirp")
        defer { peer.stop() }
        var request = Ping.Input()
        request.text = "readme"

        // As in the README, with the peer's URL.
        var config = ManagerConfiguration(baseURL: peer.baseURL)
        config.wireProtocol = .twirp
        config.encoding = .json
        config.headers = HTTPFields([HTTPField(name: .authorization, value: "Bearer …")])
        config.timeout = .seconds(5)
        let manager = try ProtoHTTPManager(configuration: config, transport: makeTransport())

        let recorder = ManagerRecorder()
        let handle = manager.unary(Ping.self, request,
                                   options: CallOptions(category: "feed", tag: 7, timeout: .seconds(2)),
                                   completion: { recorder.events.withLock { $0.append("completion") } },
                                   success: { reply, meta in recorder.events.withLock { $0.append("success \(reply.text) \(meta.status)") } },
                                   failure: { error in recorder.events.withLock { $0.append("failure \(error.code)") } })
        #expect(await recorder.settle() == ["completion", "success readme 200"])
        #expect(handle.isFinished)

        let reply = try await manager.unary(Ping.self, request)
        #expect(reply.text == "readme" && reply.number == 1)
        let response = try await manager.unaryForResponse(Ping.self, request)
        #expect(response.output == reply)
        #expect(response.metadata.status == 200)
        #expect(response.metadata.contentType == "application/json", "the manager's default encoding")
    }

    @Test("the client example: Connect by default, Twirp by choice, JSON per call")
    func clientExample() async throws {
        for name in ["connect", "twirp"] {
            let peer = try await PeerServer.start(name)
            defer { peer.stop() }
            let manager = try ProtoHTTPManager(configuration: ManagerConfiguration(baseURL: peer.baseURL), transport: makeTransport())
            var request = Ping.Input()
            request.text = name
            let client = name == "connect"
                ? Protohttp_Rpctest_PingServiceClient(manager: manager)
                : Protohttp_Rpctest_PingServiceClient(manager: manager, wireProtocol: .twirp)
            #expect(try await client.ping(request).text == name)
            let recorder = ManagerRecorder()
            client.ping(request, options: CallOptions(encoding: .json),
                        success: { reply, _ in recorder.events.withLock { $0.append("success \(reply.text)") } },
                        failure: { error in recorder.events.withLock { $0.append("failure \(error.code)") } })
            #expect(await recorder.settle() == ["success \(name)"], "\(name)")
        }
    }
}
