// Workload.swift: the one unary call every client makes: path, request message, expected response.
import BenchProtoWire
import ProtoWire

/// The RPC under test: `POST <base>/protohttp.bench.Bench/Echo` with a small binary protobuf
/// request (`protohttp.bench.Small`, 19 bytes); the server answers every POST with the same
/// small `protohttp.bench.Small` as `application/x-protobuf`.
///
/// Every client encodes ``request()`` per call and decodes the body with ProtoWire into
/// ``Response``, then compares it with ``expectedResponse``.
enum Workload {
    /// The request and response message type.
    typealias Message = Protohttp_Bench_Small
    /// The typed response.
    typealias Response = Protohttp_Bench_Small

    /// The path under the server's base URL (a Connect-style method path).
    static let path = "/protohttp.bench.Bench/Echo"
    /// The body's media type, both ways.
    static let contentType = "application/x-protobuf"

    /// The request message.
    static func request() -> Message {
        var message = Message()
        message.id = 7
        message.name = "ping"
        message.active = true
        message.score = 0.25
        return message
    }

    /// What the server answers, decoded.
    static let expectedResponse: Response = {
        var message = Response()
        message.id = 42
        message.name = "pong"
        message.active = true
        message.score = 1.5
        return message
    }()

    /// What the server answers, as bytes on the wire.
    static var responseBytes: [UInt8] { expectedResponse.serializedBytes() }
    /// The request as bytes on the wire (for wrk, which cannot encode).
    static var requestBytes: [UInt8] { request().serializedBytes() }
}
