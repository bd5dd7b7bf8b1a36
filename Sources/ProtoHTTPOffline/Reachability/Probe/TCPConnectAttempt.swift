// TCPConnectAttempt.swift: one non-blocking connect to a probe's addresses, driven by whoever polls its descriptor.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The state of one ``ServerProbe`` check. The owner polls ``fd`` for `POLLOUT` with at most
/// ``millisecondsLeft()`` and calls ``socketIsReady()`` when it fires or ``checkDeadline()``
/// when the wait ends; ``progress`` is then `.connected`, `.failed` or still `.pending`.
/// Used by one thread at a time; the socket is close-on-exec and closed as soon as the
/// attempt settles (or on deinit).
final class TCPConnectAttempt {
    /// Where the attempt stands.
    enum Progress: Equatable {
        case pending
        case connected
        case failed
    }

    private(set) var progress = Progress.pending
    /// The socket being connected (-1 once settled).
    private(set) var fd: Int32 = -1
    private var addresses: [[UInt8]]
    private let deadline: ContinuousClock.Instant

    /// Resolves the probe's host and starts connecting to its first address.
    init(probe: ServerProbe) {
        deadline = ContinuousClock.now.advanced(by: probe.timeout)
        addresses = Self.resolve(host: probe.host, port: probe.port)
        connectNext()
    }

    deinit { closeSocket() }

    /// How long the owner may wait in `poll` (at least 0, rounded up to a millisecond).
    func millisecondsLeft() -> Int32 {
        let left = ContinuousClock.now.duration(to: deadline)
        guard left > .zero else { return 0 }
        let (seconds, attoseconds) = left.components
        return Int32(clamping: seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
    }

    /// The socket polled writable (or in error): the connect finished one way or the other.
    func socketIsReady() {
        guard progress == .pending, fd >= 0 else { return }
        var code: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        let ok = getsockopt(fd, SOL_SOCKET, SO_ERROR, &code, &length) == 0
        if ok, code == 0 {
            settle(.connected)
        } else {
            closeSocket()
            connectNext()
        }
    }

    /// Fails the attempt if its time is up.
    func checkDeadline() {
        if progress == .pending, ContinuousClock.now >= deadline { settle(.failed) }
    }

    private func settle(_ result: Progress) {
        progress = result
        closeSocket()
    }

    private func closeSocket() {
        if fd >= 0 { close(fd) }
        fd = -1
    }

    /// Starts a connect to the next address; fails the attempt when none is left.
    private func connectNext() {
        while progress == .pending, !addresses.isEmpty {
            if ContinuousClock.now >= deadline { break }
            let address = addresses.removeFirst()
            let family = address.count == MemoryLayout<sockaddr_in6>.size ? AF_INET6 : AF_INET
            let fd = socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
            guard fd >= 0 else { continue }
            let rc = address.withUnsafeBytes { raw in
                connect(fd, raw.baseAddress?.assumingMemoryBound(to: sockaddr.self), socklen_t(raw.count))
            }
            if rc == 0 {
                close(fd)
                progress = .connected
                return
            }
            if errno == EINPROGRESS {
                self.fd = fd
                return
            }
            close(fd)  // refused at once, unreachable: try the next address
        }
        settle(.failed)
    }

    /// The socket addresses (`sockaddr_in` / `sockaddr_in6` bytes) `host:port` resolves to.
    private static func resolve(host: String, port: UInt16) -> [[UInt8]] {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &list) == 0 else { return [] }
        defer { freeaddrinfo(list) }
        var result: [[UInt8]] = []
        var entry = list
        while let current = entry {
            if let address = current.pointee.ai_addr, current.pointee.ai_family == AF_INET || current.pointee.ai_family == AF_INET6 {
                let bytes = Array(UnsafeRawBufferPointer(start: address, count: Int(current.pointee.ai_addrlen)))
                if !result.contains(bytes) { result.append(bytes) }
            }
            entry = current.pointee.ai_next
        }
        return result
    }
}
