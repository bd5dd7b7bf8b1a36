// ClosedLoopbackPortTests.swift: a closed loopback port refuses connections and stays taken, so no server can be given it.
#if canImport(Glibc)
import Glibc
#endif
import ProtoHTTPTestSupport
import Testing

@Suite("closedLoopbackPort")
struct ClosedLoopbackPortTests {
    /// A TCP socket on 127.0.0.1 doing `operation` with `port`; the call's result and errno.
    private func onPort(_ port: Int, _ operation: (Int32, UnsafePointer<sockaddr>, socklen_t) -> Int32) -> (Int32, Int32) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { operation(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        return (result, errno)
    }

    @Test("a connection is refused, and the port cannot be bound by anyone else")
    func refusedAndTaken() throws {
        let port = try closedLoopbackPort()
        let (connected, connectError) = onPort(port) { connect($0, $1, $2) }
        #expect(connected == -1 && connectError == ECONNREFUSED)
        let (bound, bindError) = onPort(port) { bind($0, $1, $2) }
        #expect(bound == -1 && bindError == EADDRINUSE)
        #expect(try closedLoopbackPort() != port)
    }
}
