// EchoService.swift: the benchmark's RPC as a ProtoHTTPServer service: decode the request, check it, answer the fixed response.
import BenchProcesses
import ProtoHTTPCore
import ProtoHTTPServer

/// `protohttp.bench.Bench/Echo` at ``Workload/path``, as rpc-bench serves it: a plain POST
/// with `application/x-protobuf` there is served as binary protobuf. The handler compares the
/// decoded request with ``Workload/request`` (a wrong body is `invalid_argument`, which wrk
/// counts as a non-2xx answer) and returns ``Workload/response``.
enum EchoService {
    /// The service definition to register.
    static let definition = ServiceDefinition(name: "protohttp.bench.Bench", methods: [
        .unary(Workload.path, Workload.Message.self, Workload.Message.self) { request, _ in
            guard request == Workload.requestMessage else {
                throw ProtoHTTPError(code: .invalidArgument, message: "bench-scale: unexpected request \(request)")
            }
            return Workload.expectedResponse
        },
    ])
}
