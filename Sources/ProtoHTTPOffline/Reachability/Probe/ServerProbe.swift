// ServerProbe.swift: the optional "does the server answer?" check: a TCP connect to host:port with a timeout.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A TCP connect check of one server, which tells "a default route exists" apart from "the
/// server answers". ``NetworkMonitor`` runs it whenever the path changes and on
/// ``NetworkMonitor/probeServer()``; ``check()`` runs it once, on its own.
///
/// The check opens a non-blocking socket, connects, and waits (with `poll`) until the
/// connection is established (the server answers), fails (refused, unreachable) or the
/// timeout passes. It sends nothing and closes the connection at once. Each address `host`
/// resolves to is tried in turn within the one timeout.
public struct ServerProbe: Sendable, Hashable {
    /// The server: an IPv4 or IPv6 literal (`127.0.0.1`, `::1`) or a host name. A name is
    /// resolved with `getaddrinfo` before each check, which may wait for the resolver longer
    /// than `timeout`; prefer a literal where that matters.
    public var host: String
    /// The TCP port.
    public var port: UInt16
    /// How long one check may wait for the connection.
    public var timeout: Duration

    /// A probe of `host:port` that gives up after `timeout` (3 seconds by default).
    public init(host: String, port: UInt16, timeout: Duration = .seconds(3)) {
        self.host = host
        self.port = port
        self.timeout = timeout
    }

    /// Connects once, blocking the calling thread for at most `timeout` (plus name
    /// resolution): `true` if the server accepted the connection.
    public func check() -> Bool {
        let attempt = TCPConnectAttempt(probe: self)
        while true {
            switch attempt.progress {
            case .connected: return true
            case .failed: return false
            case .pending:
                var descriptor = pollfd(fd: attempt.fd, events: Int16(POLLOUT), revents: 0)
                let ready = poll(&descriptor, 1, attempt.millisecondsLeft())
                if ready > 0 { attempt.socketIsReady() } else if ready == 0 { attempt.checkDeadline() }
            }
        }
    }
}
