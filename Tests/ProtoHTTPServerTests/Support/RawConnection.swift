// RawConnection.swift: a tiny HTTP/1.1 client on a POSIX socket, for exact bytes and for clients that misbehave.
import Dispatch
import Foundation
import ProtoHTTP
#if canImport(Glibc)
import Glibc
import ProtoHTTPTestSupport
import Testing
#endif
import HTTPTypes

/// A failure of the raw client: connect, send, receive, or an unparsable response.
struct RawError: Error, CustomStringConvertible {
    let description: String
}

/// One HTTP response exactly as it arrived.
struct RawResponse: Sendable {
    var status: Int
    var headers: HTTPFields
    var body: [UInt8]

    /// The body as UTF-8 text.
    var text: String { String(decoding: body, as: UTF8.self) }

    /// The first value of header `name` (case-insensitive).
    func header(_ name: HTTPField.Name) -> String? { headers.firstValue(name) }
}

/// One TCP connection to 127.0.0.1, driven by hand: send any bytes, read responses one at a
/// time (keep-alive), or watch for the server closing it. Every blocking system call runs on
/// the connection's serial queue, never on the cooperative pool, and is bounded by a timeout.
///
/// `@unchecked Sendable` is safe: the descriptor and the read buffer are only touched on `queue`.
final class RawConnection: @unchecked Sendable {
    private let queue = DispatchQueue(label: "ProtoHTTPServerTests.raw")
    private var fd: Int32
    private var buffer: [UInt8] = []

    private init(fd: Int32) { self.fd = fd }

    deinit { if fd >= 0 { Glibc.close(fd) } }

    /// Connects to `127.0.0.1:port`; throws when the connection is refused.
    static func open(port: Int) async throws -> RawConnection {
        try await offPool {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard fd >= 0 else { throw RawError(description: "socket() failed: errno \(errno)") }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let result = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard result == 0 else {
                let code = errno
                Glibc.close(fd)
                throw RawError(description: "connect to port \(port) failed: errno \(code)")
            }
            return RawConnection(fd: fd)
        }
    }

    /// Sends `bytes` in full (no SIGPIPE when the server has closed: the send fails instead).
    func send(_ bytes: [UInt8]) async throws {
        try await onQueue { [self] in
            var sent = 0
            while sent < bytes.count {
                let n = bytes[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                guard n > 0 else { throw RawError(description: "send failed after \(sent) of \(bytes.count) bytes: errno \(errno)") }
                sent += n
            }
        }
    }

    /// Sends UTF-8 text.
    func send(_ text: String) async throws { try await send(Array(text.utf8)) }

    /// Reads the next final response (1xx interim responses are skipped unless `interim`). The
    /// body is read by `Content-Length`, or up to the close when there is none.
    func readResponse(interim: Bool = false, timeout: Duration = .seconds(10)) async throws -> RawResponse {
        try await onQueue { [self] in
            let deadline = ContinuousClock.now + timeout
            while true {
                let headEnd = try fill(until: deadline) { Self.find([13, 10, 13, 10], in: $0) }
                let head = String(decoding: buffer[..<headEnd], as: UTF8.self)
                buffer.removeFirst(headEnd + 4)
                var lines = head.components(separatedBy: "\r\n")
                let statusLine = lines.removeFirst().split(separator: " ")
                guard statusLine.count >= 2, let status = Int(statusLine[1]) else {
                    throw RawError(description: "not an HTTP status line: \(head)")
                }
                let headers = HTTPFields(lines.compactMap { line -> HTTPField? in
                    guard let colon = line.firstIndex(of: ":") else { return nil }
                    return HTTPField(name: .named(String(line[..<colon])), value: line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
                })
                if (100..<200).contains(status) {
                    if interim { return RawResponse(status: status, headers: headers, body: []) }
                    continue
                }
                let length: Int
                if let declared = headers.firstValue(.contentLength).flatMap({ Int($0) }) {
                    length = declared
                    _ = try fill(until: deadline) { $0.count >= declared ? declared : nil }
                } else {
                    length = try readToEnd(until: deadline)
                }
                let body = Array(buffer[..<length])
                buffer.removeFirst(length)
                return RawResponse(status: status, headers: headers, body: body)
            }
        }
    }

    /// Whether the server closes the connection within `timeout` (end of stream or reset);
    /// bytes arriving meanwhile are discarded.
    func closedByServer(within timeout: Duration) async -> Bool {
        (try? await onQueue { [self] in
            let deadline = ContinuousClock.now + timeout
            while let n = try receive(until: deadline) {
                if n == 0 { return true }
                buffer.removeAll()
            }
            return false
        }) ?? true
    }

    /// Closes the connection (an abrupt client disconnect when a request is half sent).
    func close() async {
        try? await onQueue { [self] in
            if fd >= 0 { Glibc.close(fd) }
            fd = -1
        }
    }

    /// One complete request: `Host` and `Content-Length` are added, `headers` follow as given.
    static func request(_ path: String, method: String = "POST", headers: [(String, String)] = [], body: [UInt8] = []) -> [UInt8] {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if method == "POST" || !body.isEmpty { head += "Content-Length: \(body.count)\r\n" }
        return Array((head + "\r\n").utf8) + body
    }

    /// Sends one request on a new connection and reads the response.
    static func exchange(port: Int, _ path: String, method: String = "POST", headers: [(String, String)] = [], body: [UInt8] = []) async throws -> RawResponse {
        let connection = try await open(port: port)
        try await connection.send(request(path, method: method, headers: headers, body: body))
        let response = try await connection.readResponse()
        await connection.close()
        return response
    }

    // MARK: On the queue

    private func onQueue<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { try work() }) }
        }
    }

    /// Receives until `complete` finds what it needs in the buffer; returns its answer.
    private func fill(until deadline: ContinuousClock.Instant, _ complete: ([UInt8]) -> Int?) throws -> Int {
        while true {
            if let found = complete(buffer) { return found }
            guard let n = try receive(until: deadline) else { throw RawError(description: "timed out; got \(String(decoding: buffer, as: UTF8.self).debugDescription)") }
            if n == 0 { throw RawError(description: "the server closed the connection; got \(String(decoding: buffer, as: UTF8.self).debugDescription)") }
        }
    }

    /// Receives until the server closes; returns the buffered byte count.
    private func readToEnd(until deadline: ContinuousClock.Instant) throws -> Int {
        while let n = try receive(until: deadline) {
            if n == 0 { return buffer.count }
        }
        throw RawError(description: "timed out waiting for the end of a body without Content-Length")
    }

    /// One `recv` into the buffer: the byte count (0 at end of stream or reset), or `nil` when
    /// `deadline` passes first.
    private func receive(until deadline: ContinuousClock.Instant) throws -> Int? {
        guard fd >= 0 else { throw RawError(description: "the connection is closed") }
        let remaining = deadline - ContinuousClock.now
        guard remaining > .zero else { return nil }
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let ready = poll(&poller, 1, Int32(max(1, remaining.seconds * 1000)))
        guard ready > 0 else { return nil }
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if n < 0 { return errno == ECONNRESET ? 0 : nil }
        buffer.append(contentsOf: chunk[..<n])
        return n
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count) where haystack[start..<(start + needle.count)].elementsEqual(needle) {
            return start
        }
        return nil
    }
}
