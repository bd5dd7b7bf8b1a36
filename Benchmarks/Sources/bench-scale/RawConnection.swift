// RawConnection.swift: one blocking keep-alive TCP connection that sends the benchmark's POST and reads the whole answer.
import BenchProcesses
#if canImport(Glibc)
import Glibc
#endif

/// A plain socket speaking just enough HTTP/1.1 for the idle-connection curve: connect,
/// send ``Workload/rawRequest``, read a `200` head and its `Content-Length` body, and stay
/// open (keep-alive) until closed. Blocking, with a 10 s receive timeout.
///
/// Not `Sendable`: each is made, used and closed on one thread.
final class RawConnection {
    private var fd: Int32

    /// Connects to 127.0.0.1:`port`.
    init(port: UInt16) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw ScaleError("socket() failed: \(Self.lastError)") }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = LoopbackPort.address(port: port)
        guard LoopbackPort.connect(fd, &address) == 0 else {
            let error = Self.lastError
            Glibc.close(fd)
            throw ScaleError("connect to 127.0.0.1:\(port) failed: \(error)")
        }
    }

    deinit { close() }

    /// Sends one request and reads its whole answer; throws unless it is a 200.
    func exchange() throws {
        let request = Workload.rawRequest
        let sent = request.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        guard sent == request.count else { throw ScaleError("send failed: \(Self.lastError)") }
        var answer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw ScaleError("the server closed or stalled before answering (\(count < 0 ? Self.lastError : "closed"))") }
            answer += chunk[..<count]
            if let length = try Self.responseLength(answer), answer.count >= length { break }
        }
        guard answer.starts(with: Array("HTTP/1.1 200".utf8)) else {
            throw ScaleError("the server answered \(String(decoding: answer.prefix(80), as: UTF8.self).debugDescription)")
        }
    }

    /// Closes the connection (idempotent).
    func close() {
        if fd >= 0 { Glibc.close(fd) }
        fd = -1
    }

    /// The answer's whole length once its head has arrived (head plus `Content-Length`).
    private static func responseLength(_ bytes: [UInt8]) throws -> Int? {
        guard let headEnd = bytes.indices.dropLast(3).first(where: {
            bytes[$0] == 13 && bytes[$0 + 1] == 10 && bytes[$0 + 2] == 13 && bytes[$0 + 3] == 10
        }) else { return nil }
        let head = String(decoding: bytes[..<headEnd], as: UTF8.self).lowercased()
        guard let line = head.split(separator: "\r\n").first(where: { $0.hasPrefix("content-length:") }),
              let length = Int(String(line.dropFirst("content-length:".count).filter(\.isNumber)))
        else { throw ScaleError("an answer without Content-Length: \(head.debugDescription)") }
        return headEnd + 4 + length
    }

    private static var lastError: String { String(cString: strerror(errno)) }
}
