// ProtoHTTPClient.swift: the `protohttp` client: ProtoHTTPManager's typed post, callback form, HTTP/1.1 (or gRPC over h2c).
import BenchProcesses
import ProtoHTTP

/// ProtoHTTP as a user would call it: one ``ProtoHTTPManager`` with the base URL, the plain
/// protocol (`application/x-protobuf`) and HTTP/1.1 keep-alive, and the typed callback `post`
/// that encodes the request message and decodes the response message with ProtoWire.
///
/// Each loop makes its next call from the previous call's success callback. The callback form
/// is used because it needs no task hop per call (the async form wraps it in a continuation).
/// `rpc-bench --protocol grpc` makes the same client with `wireProtocol: .grpc` (h2c).
final class ProtoHTTPClient: LoopClient {
    /// `"protohttp"`.
    let name = "protohttp"
    let manager: ProtoHTTPManager

    /// Creates a manager with its own transport for `baseURL`, keeping `concurrency`
    /// connections alive; `wireProtocol` replaces the default (plain POST over HTTP/1.1).
    init(baseURL: String, concurrency: Int, wireProtocol: (any WireProtocol)? = nil) throws {
        var transport = TransportConfiguration()
        transport.httpVersion = wireProtocol == nil ? .http1_1 : .http2
        transport.proxy = .none
        transport.connectionCacheSize = max(transport.connectionCacheSize, concurrency)
        var configuration = ManagerConfiguration(baseURL: baseURL)
        configuration.wireProtocol = wireProtocol
        manager = try ProtoHTTPManager(configuration: configuration, transport: HTTPTransport(configuration: transport))
    }

    /// Runs the loops until the recorder says stop.
    func runLoops(concurrency: Int, recorder: CallRecorder) async {
        await LoopGroup.wait(loops: concurrency) { group, _ in
            call(recorder: recorder, group: group)
        }
    }

    private func call(recorder: CallRecorder, group: LoopGroup) {
        let startedAt = MonotonicClock.nanoseconds()
        manager.post(Workload.path, Workload.request(), as: Workload.Response.self, success: { response, _ in
            guard response == Workload.expectedResponse else {
                recorder.callFailed("protohttp: unexpected response \(response)")
                group.loopEnded()
                return
            }
            if recorder.callSucceeded(startedAt: startedAt) {
                self.call(recorder: recorder, group: group)
            } else {
                group.loopEnded()
            }
        }, failure: { error in
            recorder.callFailed("protohttp: \(error)")
            group.loopEnded()
        })
    }

    /// Stops the transport thread.
    func shutdown() async {
        manager.transport.shutdown()
    }
}
