// PeerProtocolTests.swift: Connect and Twirp calls against the real Python connectrpc and twirp servers.
import Testing
@testable import ProtoHTTP
import ProtoHTTPCore

@Suite("Connect and Twirp against real Python peers", .serialized)
struct PeerProtocolTests {
    typealias Ping = Protohttp_Rpctest_PingServiceMetadata.Ping

    private func manager(_ peer: PeerServer, _ wireProtocol: any WireProtocol) throws -> ProtoHTTPManager {
        var configuration = ManagerConfiguration(baseURL: peer.baseURL)
        configuration.wireProtocol = wireProtocol
        return try ProtoHTTPManager(configuration: configuration, transport: makeTransport())
    }

    private func request(_ text: String) -> Ping.Input {
        var request = Ping.Input()
        request.text = text
        request.number = 1
        return request
    }

    @Test("unary calls in binary and JSON, headers, errors with details, unknown method", arguments: ["connect", "twirp"])
    func peer(_ name: String) async throws {
        let peer = try await PeerServer.start(name)
        defer { peer.stop() }
        let manager = try manager(peer, name == "connect" ? ConnectProtocol() : TwirpProtocol())
        for encoding in [BodyEncoding.binary, .json] {
            let reply = try await manager.post(Ping.path, request("hello"), as: Ping.Output.self, options: CallOptions(encoding: encoding))
            #expect(reply.text == "hello" && reply.number == 2, "\(encoding)")
        }
        let echoed = try await manager.post(Ping.path, request("headers"), as: Ping.Output.self,
                                            options: CallOptions(headers: [.named("X-Test-Value"): "v1"]))
        #expect(echoed.text == "v1")

        let failure = ManagerRecorder()
        _ = failure.post(manager, Ping.path, text: "fail:data_loss")
        #expect(await failure.settle() == ["completion", "failure"])
        let error = try #require(failure.error)
        #expect(error.code == .dataLoss)
        #expect(error.message == "asked to fail")
        if name == "connect" {
            #expect(error.details.first?.unpack(Ping.Output.self)?.text == "detail")
        } else {
            #expect(error.meta == ["reason": "asked"])
        }
        let missing = await Result { () async throws(ProtoHTTPError) in
            try await manager.post("/protohttp.rpctest.PingService/Nope", request("x"), as: Ping.Output.self)
        }
        #expect(missing.error?.code == .unimplemented)
        let slow = await Result { () async throws(ProtoHTTPError) in
            try await manager.post(Ping.path, request("sleep:2000"), as: Ping.Output.self, options: CallOptions(timeout: .milliseconds(300)))
        }
        #expect(slow.error?.code == .deadlineExceeded)
        await expectNoLeaks(manager.transport)
    }
}

extension Result where Failure == ProtoHTTPError {
    /// Runs an async throwing body and captures its outcome.
    init(_ body: () async throws(ProtoHTTPError) -> Success) async {
        do { self = .success(try await body()) } catch { self = .failure(error) }
    }
}
