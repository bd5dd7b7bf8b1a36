// BenchService.swift: the benchmark's RPC as a ProtoHTTPServer service: decode the request, check it, answer the fixed response.
import BenchProcesses
import ProtoHTTP
import ProtoHTTPServer
import ProtoHTTPCore

/// `protohttp.bench.Bench` with its unary method `Echo` at ``Workload/path``, the path every
/// client already calls: a plain POST with `application/x-protobuf` there is served as plain
/// binary protobuf (the Connect path takes it without `Connect-Protocol-Version`), so no
/// ``PlainRoute`` is needed.
///
/// The work per call matches what the clients expect from nginx, plus what a real server does:
/// the server decodes the 19-byte request into ``Workload/Message``, the handler compares it
/// with the request the clients send (a wrong body is `invalid_argument`, which fails the case)
/// and returns ``Workload/expectedResponse``, which the server encodes into the same bytes
/// nginx serves from its file (``Workload/responseBytes``). `rpc-bench --streams` calls its two
/// streaming methods (``StreamWorkload``): Feed sends the request's `id` messages, Chat echoes.
enum BenchService {
    /// The request every client sends.
    static let expectedRequest = Workload.request()

    /// The service definition to register.
    static let definition = ServiceDefinition(name: "protohttp.bench.Bench", methods: [
        .unary(Workload.path, Workload.Message.self, Workload.Response.self) { request, _ in
            guard request == expectedRequest else {
                throw ProtoHTTPError(code: .invalidArgument, message: "rpc-bench: unexpected request \(request)")
            }
            return Workload.expectedResponse
        },
        .serverStreaming(StreamWorkload.feedPath, Workload.Message.self, Workload.Response.self) { request, response, _ in
            for _ in 0..<max(0, Int(request.id)) { try await response.send(Workload.expectedResponse) }
        },
        .bidirectionalStreaming(StreamWorkload.chatPath, Workload.Message.self, Workload.Response.self) { requests, response, _ in
            for try await request in requests {
                guard request == expectedRequest else {
                    throw ProtoHTTPError(code: .invalidArgument, message: "rpc-bench: unexpected request \(request)")
                }
                try await response.send(Workload.expectedResponse)
            }
        },
    ])
}
