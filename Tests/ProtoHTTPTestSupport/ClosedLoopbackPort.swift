// ClosedLoopbackPort.swift: a loopback port nothing listens on and nothing else can take, for calls that must be refused.
#if canImport(Glibc)
import Glibc
#endif

/// A port on 127.0.0.1 nothing listens on, so a connection to it is refused.
///
/// The socket that took the port stays open, bound and not listening, for the rest of the test
/// process: the kernel refuses connections to it (no listener), and no server another test starts
/// can be given the port. Closing it at once, as this did before, let a busy run hand the freed
/// port to another test's server, so a call that had to be refused could reach that server (the
/// likely cause of an offline-queue test, on a loaded fresh clone, seeing its unreachable entry
/// answered). One descriptor per call; the tests make about ten.
///
/// - Throws: when no socket can be made or bound.
public func closedLoopbackPort() throws -> Int {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw ChildProcess.Failure("closedLoopbackPort: socket() failed") }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
    }
    guard bound else {
        close(fd)
        throw ChildProcess.Failure("closedLoopbackPort: bind() failed")
    }
    return Int(UInt16(bigEndian: address.sin_port))
}
