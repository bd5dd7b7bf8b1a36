// LoopbackListener.swift: a TCP listening socket on 127.0.0.1 at a port the system picks, for the probe tests.
#if canImport(Glibc)
import Glibc
#endif

/// A listening socket the test owns; ``close()`` (or deinit) frees the port.
final class LoopbackListener {
    private(set) var fd: Int32
    let port: UInt16

    /// Listens on 127.0.0.1 with `backlog`; nil if the system refused.
    init?(backlog: Int32 = 16) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return nil }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ok = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                bind(fd, raw, length) == 0 && listen(fd, backlog) == 0 && getsockname(fd, raw, &length) == 0
            }
        }
        guard ok else {
            Glibc.close(fd)
            return nil
        }
        self.fd = fd
        self.port = UInt16(bigEndian: address.sin_port)
    }

    /// Stops listening: later connects to the port are refused.
    func close() {
        if fd >= 0 { Glibc.close(fd) }
        fd = -1
    }

    deinit { close() }
}
