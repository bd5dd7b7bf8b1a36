// Workload.swift: the one unary call of the server, client and queue curves: path, request, response, bytes.
import BenchProtoWire
import ProtoWire

/// rpc-bench's RPC, the same here so the figures compare: `POST <base>/protohttp.bench.Bench/Echo`
/// with a 19-byte binary `protohttp.bench.Small` as `application/x-protobuf`; the answer is
/// another `Small`.
enum Workload {
    /// The request and response message type.
    typealias Message = Protohttp_Bench_Small

    /// The path under the server's base URL (a Connect-style method path).
    static let path = "/protohttp.bench.Bench/Echo"
    /// The body's media type, both ways.
    static let contentType = "application/x-protobuf"

    /// The request message.
    static let request: Message = {
        var message = Message()
        message.id = 7
        message.name = "ping"
        message.active = true
        message.score = 0.25
        return message
    }()

    /// What the server answers, decoded.
    static let response: Message = {
        var message = Message()
        message.id = 42
        message.name = "pong"
        message.active = true
        message.score = 1.5
        return message
    }()

    /// The request as bytes on the wire (for wrk and the raw-socket clients, which cannot encode).
    static let requestBytes: [UInt8] = request.serializedBytes()
    /// The response as bytes on the wire (for nginx's file and the holding server).
    static let responseBytes: [UInt8] = response.serializedBytes()

    /// The whole HTTP/1.1 request a raw-socket client sends: keep-alive, `Content-Length`.
    static let rawRequest: [UInt8] = Array("""
        POST \(path) HTTP/1.1\r
        Host: 127.0.0.1\r
        Content-Type: \(contentType)\r
        Content-Length: \(requestBytes.count)\r
        \r

        """.utf8) + requestBytes

    /// The whole HTTP/1.1 response the holding server sends for each request.
    static let rawResponse: [UInt8] = Array("""
        HTTP/1.1 200 OK\r
        Content-Type: \(contentType)\r
        Content-Length: \(responseBytes.count)\r
        \r

        """.utf8) + responseBytes
}
