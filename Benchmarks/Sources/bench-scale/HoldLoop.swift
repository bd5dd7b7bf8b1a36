// HoldLoop.swift: the holding server's one-thread poll loop: accept, read and frame requests, hold them, answer them on RELEASE.
import BenchProcesses
#if canImport(Glibc)
import Glibc
#endif

/// The event loop of ``HoldServeCommand``: one thread, one `poll` set holding the listening
/// socket, standard input (the parent's commands) and every connection. (`poll`, not epoll:
/// Swift's Glibc module leaves `sys/epoll.h` out. Each wait scans every descriptor, a few
/// hundred microseconds at 10,000; the curve measures the client, not this loop.)
///
/// Not `Sendable`: made and run on one thread.
final class HoldLoop {
    private let target: Int
    private let listener: Int32
    /// What `poll` watches: the listener, standard input, then one entry per connection.
    private var watched: [pollfd] = []
    /// Each connection's index in ``watched``.
    private var slots: [Int32: Int] = [:]
    /// Bytes read and not yet framed, per connection.
    private var input: [Int32: [UInt8]] = [:]
    /// Connections whose request waits for RELEASE, in arrival order.
    private var held: [Int32] = []
    private var released = false
    private var commands: [UInt8] = []

    /// Listens on 127.0.0.1:0 (backlog as large as the kernel allows) for `target` held requests.
    init(holding target: Int) throws {
        self.target = target
        listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard listener >= 0 else { throw ScaleError("socket() failed: \(Self.lastError)") }
        var address = LoopbackPort.address(port: 0)
        guard LoopbackPort.bind(listener, &address) == 0, listen(listener, 65_535) == 0 else {
            throw ScaleError("bind/listen on 127.0.0.1:0 failed: \(Self.lastError)")
        }
        watched = [pollfd(fd: listener, events: Int16(POLLIN), revents: 0), pollfd(fd: 0, events: Int16(POLLIN), revents: 0)]
    }

    deinit {
        for fd in input.keys { close(fd) }
        close(listener)
    }

    /// Prints `PORT <n>` and serves until standard input ends.
    func run() throws {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        say("PORT \(UInt16(bigEndian: address.sin_port))")
        while true {
            let count = poll(&watched, nfds_t(watched.count), -1)
            if count < 0 {
                if errno == EINTR { continue }
                throw ScaleError("poll failed: \(Self.lastError)")
            }
            let ready = watched.filter { $0.revents != 0 }.map(\.fd)
            for fd in ready {
                if fd == listener {
                    try acceptAll()
                } else if fd == 0 {
                    guard try readCommands() else { return }
                } else if slots[fd] != nil {
                    try readable(fd)
                }
            }
        }
    }

    private func acceptAll() throws {
        while true {
            let fd = accept(listener, nil, nil)
            if fd < 0 {
                if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR || errno == ECONNABORTED { return }
                throw ScaleError("accept failed: \(Self.lastError) (\(input.count) connections open)")
            }
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            input[fd] = []
            slots[fd] = watched.count
            watched.append(pollfd(fd: fd, events: Int16(POLLIN), revents: 0))
        }
    }

    /// Reads the parent's commands; `false` at the end of its input.
    private func readCommands() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 256)
        let count = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
        if count < 0 { return errno == EINTR || errno == EAGAIN }
        if count == 0 { return false }
        commands += chunk[..<count]
        while let newline = commands.firstIndex(of: UInt8(ascii: "\n")) {
            let command = String(decoding: commands[..<newline], as: UTF8.self)
            commands.removeSubrange(...newline)
            guard command == "RELEASE" else { throw ScaleError("unknown command \(command.debugDescription)") }
            released = true
            let answered = held.count
            for fd in held { answer(fd) }
            held.removeAll()
            say("RELEASED \(answered)")
        }
        return true
    }

    private func readable(_ fd: Int32) throws {
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count > 0 {
                input[fd, default: []] += chunk[..<count]
                continue
            }
            if count < 0, errno == EINTR { continue }
            if count < 0, errno == EAGAIN || errno == EWOULDBLOCK { break }
            closeConnection(fd)  // end of input, or reset
            return
        }
        while let bytes = input[fd] {
            let request: RequestFraming.Request?
            do {
                request = try RequestFraming.first(in: bytes[...])
            } catch {
                throw ScaleError("connection \(fd): \(error)")
            }
            guard let request else { return }
            input[fd] = Array(bytes.dropFirst(request.length))
            if request.isWarmup || released {
                answer(fd)
            } else {
                held.append(fd)
                if held.count == target { say("HELD \(target)") }
            }
        }
    }

    private func answer(_ fd: Int32) {
        let response = Workload.rawResponse
        let written = response.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        if written != response.count {
            report("\(HoldServeCommand.flag): a response went out short (\(written) of \(response.count) bytes): \(Self.lastError)")
        }
    }

    private func closeConnection(_ fd: Int32) {
        input[fd] = nil
        held.removeAll { $0 == fd }
        if let slot = slots.removeValue(forKey: fd) {
            let last = watched.removeLast()
            if slot < watched.count {
                watched[slot] = last
                slots[last.fd] = slot
            }
        }
        close(fd)
    }

    private func say(_ line: String) {
        print(line)
        flushOutput()
    }

    private static var lastError: String { String(cString: strerror(errno)) }
}
