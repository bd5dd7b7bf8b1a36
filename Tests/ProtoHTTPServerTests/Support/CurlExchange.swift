// CurlExchange.swift: one request through the curl command line, for the exact bytes of an answer (HTTP/1.1 or h2c).
import Foundation
import ProtoHTTPTestSupport

/// What curl saw of one exchange: the response head (and, after a blank line, any trailers)
/// as curl dumps them, and the body with its transfer coding undone.
struct CurlAnswer: Sendable {
    var head: String
    var body: [UInt8]

    /// The trailers, the block after the head's blank line (gRPC over HTTP/2).
    var trailers: String { head.components(separatedBy: "\r\n\r\n").dropFirst().joined(separator: "\r\n\r\n") }
}

enum CurlExchange {
    /// POSTs `body` to `url` with `contentType` and `headers` (`"name: value"`), over h2c with
    /// prior knowledge when `http2`. Blocks: call it off the cooperative pool.
    static func post(_ url: String, contentType: String, body: [UInt8], http2: Bool = false, headers: [String] = []) throws -> CurlAnswer {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("protohttp-curl-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let request = folder.appendingPathComponent("request").path
        let head = folder.appendingPathComponent("head").path
        let answer = folder.appendingPathComponent("body").path
        try Data(body).write(to: URL(fileURLWithPath: request))
        var arguments = ["-sS", "--max-time", "20", "-D", head, "-o", answer, "-H", "content-type: \(contentType)"]
        if http2 { arguments += ["--http2-prior-knowledge", "-H", "te: trailers"] }
        for header in headers { arguments += ["-H", header] }
        arguments += ["--data-binary", "@" + request, url]
        let run = PythonClient.runProgram("/usr/bin/curl", arguments, timeout: 30)
        guard let run, run.status == 0 else { throw PythonClient.Failure(description: "curl failed: \(run?.stderr ?? "timed out")") }
        return CurlAnswer(head: try String(contentsOfFile: head, encoding: .utf8), body: Array(try Data(contentsOf: URL(fileURLWithPath: answer))))
    }
}
