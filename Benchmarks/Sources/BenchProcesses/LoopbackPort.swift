// LoopbackPort.swift: 127.0.0.1 socket addresses, a free port, and whether a server accepts on one.
#if canImport(Glibc)
import Glibc
#endif

/// Loopback TCP helpers for starting servers and connecting to them.
public enum LoopbackPort {
    /// A port that was free a moment ago: bind 127.0.0.1:0, read the port, close.
    public static func free() throws -> UInt16 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ProcessError("socket() failed: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var address = address(port: 0)
        guard bind(fd, &address) == 0 else { throw ProcessError("bind(127.0.0.1:0) failed: \(String(cString: strerror(errno)))") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard named == 0 else { throw ProcessError("getsockname failed: \(String(cString: strerror(errno)))") }
        return UInt16(bigEndian: address.sin_port)
    }

    /// Whether a TCP connection to 127.0.0.1:`port` succeeds right now.
    public static func accepts(_ port: UInt16) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = address(port: port)
        return connect(fd, &address) == 0
    }

    /// 127.0.0.1:`port`.
    public static func address(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7f00_0001).bigEndian
        return address
    }

    /// `bind(2)` with an IPv4 address.
    public static func bind(_ fd: Int32, _ address: inout sockaddr_in) -> Int32 {
        withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
    }

    /// `connect(2)` with an IPv4 address.
    public static func connect(_ fd: Int32, _ address: inout sockaddr_in) -> Int32 {
        withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
    }
}
