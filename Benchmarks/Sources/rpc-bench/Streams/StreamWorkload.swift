// StreamWorkload.swift: the streaming methods rpc-bench --streams calls: Feed (a server stream of N small messages) and Chat (a bidi echo).
import BenchProcesses
import GRPCCore
import ProtoHTTPCore

/// The two streaming methods both servers serve, with the bench's small message both ways:
///
/// - `protohttp.bench.Bench/Feed`: the request's `id` is how many messages to send; the server
///   answers that many ``Workload/expectedResponse``s.
/// - `protohttp.bench.Bench/Chat`: each request (``Workload/request()``) is answered with one
///   ``Workload/expectedResponse`` as it arrives.
enum StreamWorkload {
    static let feedPath = "/protohttp.bench.Bench/Feed"
    static let chatPath = "/protohttp.bench.Bench/Chat"

    /// Feed's request for `count` messages.
    static func feedRequest(_ count: Int) -> Workload.Message {
        var request = Workload.request()
        request.id = Int32(count)
        return request
    }

    /// Feed for ProtoHTTP's typed client.
    enum Feed: RPCMethod {
        typealias Input = Workload.Message
        typealias Output = Workload.Response
        static let name = "Feed"
        static let path = feedPath
        static let idempotencyLevel = IdempotencyLevel.unknown
        static let isClientStreaming = false
        static let isServerStreaming = true
    }

    /// Chat for ProtoHTTP's typed client.
    enum Chat: RPCMethod {
        typealias Input = Workload.Message
        typealias Output = Workload.Response
        static let name = "Chat"
        static let path = chatPath
        static let idempotencyLevel = IdempotencyLevel.unknown
        static let isClientStreaming = true
        static let isServerStreaming = true
    }

    /// The methods as grpc-swift names them.
    static let grpcFeed = GRPCCore.MethodDescriptor(fullyQualifiedService: "protohttp.bench.Bench", method: "Feed")
    static let grpcChat = GRPCCore.MethodDescriptor(fullyQualifiedService: "protohttp.bench.Bench", method: "Chat")
}
