// RawMessages.swift: the whole HTTP/1.1 request and response of the raw-socket client and the holding server.
import BenchProcesses

extension Workload {
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
