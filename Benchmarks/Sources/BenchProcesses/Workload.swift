// Workload.swift: the one unary call of rpc-bench and bench-scale: path, request message, expected response, bytes.
import BenchProtoWire
import ProtoWire

/// The RPC under test: `POST <base>/protohttp.bench.Bench/Echo` with a small binary protobuf
/// request (`protohttp.bench.Small`, 19 bytes); the server answers every POST with the same
/// small `protohttp.bench.Small` as `application/x-protobuf`.
///
/// rpc-bench's clients encode ``request()`` per call and decode the body with ProtoWire into
/// ``Response``, then compare it with ``expectedResponse``; bench-scale's send
/// ``requestMessage``, made once.
public enum Workload {
    /// The request and response message type.
    public typealias Message = Protohttp_Bench_Small
    /// The typed response.
    public typealias Response = Protohttp_Bench_Small

    /// The path under the server's base URL (a Connect-style method path).
    public static let path = "/protohttp.bench.Bench/Echo"
    /// The body's media type, both ways.
    public static let contentType = "application/x-protobuf"

    /// The request message, made anew on each call.
    public static func request() -> Message {
        var message = Message()
        message.id = 7
        message.name = "ping"
        message.active = true
        message.score = 0.25
        return message
    }

    /// The request message, made once.
    public static let requestMessage: Message = request()

    /// What the server answers, decoded.
    public static let expectedResponse: Response = {
        var message = Response()
        message.id = 42
        message.name = "pong"
        message.active = true
        message.score = 1.5
        return message
    }()

    /// The request as bytes on the wire (for wrk and the raw-socket clients, which cannot encode).
    public static let requestBytes: [UInt8] = requestMessage.serializedBytes()
    /// What the server answers, as bytes on the wire (nginx's file, the holding server).
    public static let responseBytes: [UInt8] = expectedResponse.serializedBytes()
}
