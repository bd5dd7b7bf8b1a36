// NetlinkSocket.swift: an rtnetlink socket (AF_NETLINK, NETLINK_ROUTE, close-on-exec) bound to the link, address and route groups.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The monitor thread's socket. Created in the calling thread's network namespace, which it
/// keeps for life. Non-blocking: ``receive()`` returns `.wouldBlock` when nothing is queued.
final class NetlinkSocket {
    /// What one receive gave.
    enum Received {
        /// One datagram (one or more netlink messages).
        case datagram([UInt8])
        /// Nothing queued.
        case wouldBlock
        /// The socket's buffer overflowed (`ENOBUFS`) and events were lost: dump again.
        case overrun
        /// A datagram larger than the buffer was cut: dump again.
        case truncated
    }

    /// The socket.
    let fd: Int32
    /// The port the kernel assigned (`nl_pid`), which replies to our requests carry.
    let portID: UInt32
    private var buffer = [UInt8](repeating: 0, count: 65536)

    /// Opens and binds the socket, subscribed to `groups`, asking for a receive buffer of
    /// `receiveBufferSize` bytes (the kernel doubles it, and caps it at `net.core.rmem_max`).
    init(groups: UInt32, receiveBufferSize: Int32) throws(OfflineError) {
        let fd = socket(RTNetlink.addressFamilyNetlink, Int32(SOCK_RAW.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), RTNetlink.protocolRoute)
        guard fd >= 0 else {
            throw Self.failure("socket(AF_NETLINK, NETLINK_ROUTE)", errno, hint: "the kernel must support rtnetlink (every Linux does) and the process must be allowed netlink sockets (a seccomp or container policy may forbid them)")
        }
        var size = receiveBufferSize
        _ = setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        // struct sockaddr_nl: nl_family (u16), nl_pad (u16), nl_pid (u32, 0: the kernel picks), nl_groups (u32).
        var address: [UInt8] = []
        NetlinkRequest.append(UInt16(RTNetlink.addressFamilyNetlink), to: &address)
        NetlinkRequest.append(UInt16(0), to: &address)
        NetlinkRequest.append(UInt32(0), to: &address)
        NetlinkRequest.append(groups, to: &address)
        let bound = address.withUnsafeBytes { raw in
            bind(fd, raw.baseAddress?.assumingMemoryBound(to: sockaddr.self), socklen_t(raw.count))
        }
        guard bound == 0 else {
            let code = errno
            close(fd)
            throw Self.failure("bind(AF_NETLINK, groups 0x\(String(groups, radix: 16)))", code, hint: "check that the process may join rtnetlink multicast groups")
        }
        var assigned = [UInt8](repeating: 0, count: 12)
        var length = socklen_t(assigned.count)
        let named = assigned.withUnsafeMutableBytes { raw in
            getsockname(fd, raw.baseAddress?.assumingMemoryBound(to: sockaddr.self), &length)
        }
        guard named == 0, let portID = try? NetlinkBytes(assigned).uint32(at: 4, "nl_pid") else {
            let code = errno
            close(fd)
            throw Self.failure("getsockname(AF_NETLINK)", code, hint: "this should not happen on Linux; report it")
        }
        self.fd = fd
        self.portID = portID
    }

    /// Sends one request.
    func sendRequest(_ request: [UInt8]) throws(OfflineError) {
        while true {
            let sent = request.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
            if sent == request.count { return }
            if sent < 0, errno == EINTR { continue }
            throw Self.failure("send(rtnetlink request)", sent < 0 ? errno : EMSGSIZE, hint: "the kernel refused a dump request")
        }
    }

    /// Receives one datagram from the kernel without blocking. Datagrams another process sent
    /// to this socket's port (a sender port other than 0) are dropped unread: only the kernel
    /// says what the links, addresses and routes are.
    func receive() throws(OfflineError) -> Received {
        // struct sockaddr_nl, as recvfrom fills it: nl_pid (the sender's port) at offset 4.
        var sender = [UInt8](repeating: 0, count: 12)
        while true {
            var senderLength = socklen_t(sender.count)
            let count = buffer.withUnsafeMutableBytes { data in
                sender.withUnsafeMutableBytes { from in
                    recvfrom(fd, data.baseAddress, data.count, Int32(MSG_DONTWAIT) | Int32(MSG_TRUNC),
                             from.baseAddress?.assumingMemoryBound(to: sockaddr.self), &senderLength)
                }
            }
            if count >= 0, Self.senderPort(sender, length: senderLength) != 0 {
                droppedForeign += 1
                continue
            }
            if count > buffer.count { return .truncated }
            if count >= 0 { return .datagram(Array(buffer[0..<count])) }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return .wouldBlock
            case ENOBUFS: return .overrun
            case let code: throw Self.failure("recv(rtnetlink)", code, hint: "the socket failed; start the monitor again")
            }
        }
    }

    /// Datagrams dropped because a process, not the kernel, sent them.
    private(set) var droppedForeign = 0

    /// The sender's netlink port in a `sockaddr_nl` of `length` bytes; `nil` when the address is
    /// too short to hold one (then treated as foreign).
    static func senderPort(_ address: [UInt8], length: socklen_t) -> UInt32? {
        guard length >= 8, let port = try? NetlinkBytes(address).uint32(at: 4, "nl_pid") else { return nil }
        return port
    }

    deinit { close(fd) }

    private static func failure(_ call: String, _ code: Int32, hint: String) -> OfflineError {
        let error = SystemError(call: call, code: code)
        return OfflineError(.reachability, "the network monitor's rtnetlink socket failed: \(error); \(hint).", underlying: error)
    }
}
