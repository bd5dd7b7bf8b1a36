// ClosedLoopbackPort.swift: a loopback port nothing listens on, for calls that must be refused.
#if canImport(Glibc)
import Glibc
#endif

/// A port on 127.0.0.1 nothing listens on: bound, read back, then closed, so a connection to it
/// is refused.
///
/// - Throws: when no socket can be made or bound.
public func closedLoopbackPort() throws -> Int {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw ChildProcess.Failure("closedLoopbackPort: socket() failed") }
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
    }
    guard bound else { throw ChildProcess.Failure("closedLoopbackPort: bind() failed") }
    return Int(UInt16(bigEndian: address.sin_port))
}
