// GRPCProtoHTTPClient.swift: the `protohttp` gRPC client: ProtoHTTPManager with GRPCProtocol, typed callback post, h2c.
import ProtoHTTP
import ProtoHTTPCore

/// ProtoHTTP's gRPC client as a user would call it: one ``ProtoHTTPManager`` with
/// `wireProtocol = .grpc` (h2c with prior knowledge for `http://`) and the typed callback
/// `post`, each loop making its next call from the previous call's success callback.
final class GRPCProtoHTTPClient: LoopClient {
    /// `"protohttp"`.
    let name = "protohttp"
    let manager: ProtoHTTPManager

    /// A manager with its own transport for `baseURL`, `concurrency` connections cached.
    init(baseURL: String, concurrency: Int) throws {
        var transport = TransportConfiguration()
        transport.proxy = .none
        transport.connectionCacheSize = max(transport.connectionCacheSize, concurrency)
        var configuration = ManagerConfiguration(baseURL: baseURL)
        configuration.wireProtocol = .grpc
        manager = try ProtoHTTPManager(configuration: configuration, transport: HTTPTransport(configuration: transport))
    }

    func runLoops(concurrency: Int, recorder: CallRecorder) async {
        await LoopGroup.wait(loops: concurrency) { group, _ in
            call(recorder: recorder, group: group)
        }
    }

    private func call(recorder: CallRecorder, group: LoopGroup) {
        let startedAt = MonotonicClock.nanoseconds()
        manager.post(Workload.path, Workload.request(), as: Workload.Response.self, success: { response, _ in
            guard response == Workload.expectedResponse else {
                recorder.callFailed("protohttp grpc: unexpected response \(response)")
                group.loopEnded()
                return
            }
            if recorder.callSucceeded(startedAt: startedAt) {
                self.call(recorder: recorder, group: group)
            } else {
                group.loopEnded()
            }
        }, failure: { error in
            recorder.callFailed("protohttp grpc: \(error)")
            group.loopEnded()
        })
    }

    func shutdown() async {
        manager.transport.shutdown()
    }
}
