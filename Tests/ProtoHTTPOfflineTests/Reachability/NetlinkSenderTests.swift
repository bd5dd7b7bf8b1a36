// NetlinkSenderTests.swift: the monitor's rtnetlink socket reads what the kernel sends and drops what another process forges.
#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import ProtoHTTPOffline

@Suite("Netlink: only the kernel is believed")
struct NetlinkSenderTests {
    @Test("a datagram another process sends to the monitor's port is dropped; the kernel's answer behind it is read")
    func forgedDatagramIsDropped() throws {
        let monitor = try NetlinkSocket(groups: 0, receiveBufferSize: 1 << 16)
        let forger = socket(RTNetlink.addressFamilyNetlink, Int32(SOCK_RAW.rawValue) | Int32(SOCK_CLOEXEC.rawValue), RTNetlink.protocolRoute)
        try #require(forger >= 0)
        defer { close(forger) }
        // A well-formed message with sequence 7, sent to the monitor's port (not the kernel's, 0).
        let forged = NetlinkRequest.dump(RTNetlink.MessageType.getLink, sequence: 7)
        var destination: [UInt8] = []
        NetlinkRequest.append(UInt16(RTNetlink.addressFamilyNetlink), to: &destination)
        NetlinkRequest.append(UInt16(0), to: &destination)
        NetlinkRequest.append(monitor.portID, to: &destination)
        NetlinkRequest.append(UInt32(0), to: &destination)
        let sent = forged.withUnsafeBytes { message in
            destination.withUnsafeBytes { address in
                sendto(forger, message.baseAddress, message.count, 0, address.baseAddress?.assumingMemoryBound(to: sockaddr.self),
                       socklen_t(address.count))
            }
        }
        if sent < 0, errno == EPERM {
            // Without CAP_NET_ADMIN the kernel itself refuses to deliver the forgery.
            print("NetlinkSenderTests: forgedDatagramIsDropped skipped: sending to another netlink port needs root (CAP_NET_ADMIN)")
            return
        }
        try #require(sent == forged.count, "sendto failed: \(errno)")
        try monitor.sendRequest(NetlinkRequest.dump(RTNetlink.MessageType.getLink, sequence: 1))

        var fds = pollfd(fd: monitor.fd, events: Int16(POLLIN), revents: 0)
        try #require(poll(&fds, 1, 60_000) == 1, "the kernel did not answer the link dump")
        guard case .datagram(let bytes) = try monitor.receive() else {
            Issue.record("no datagram was read")
            return
        }
        // nlmsghdr: length (u32), type (u16), flags (u16), sequence (u32) at offset 8, port (u32).
        let sequence = try NetlinkBytes(bytes).uint32(at: 8, "nlmsg_seq")
        #expect(sequence == 1, "the forged datagram (sequence 7) was read as the kernel's")
        #expect(monitor.droppedForeign == 1)
    }

    @Test("the sender's port is read from sockaddr_nl; a short address counts as foreign")
    func senderPortParsing() {
        #expect(NetlinkSocket.senderPort([16, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], length: 12) == 0)
        #expect(NetlinkSocket.senderPort([16, 0, 0, 0, 0x39, 0x30, 0, 0, 0, 0, 0, 0], length: 12) == 12_345)
        #expect(NetlinkSocket.senderPort([16, 0, 0, 0], length: 4) == nil)
    }
}
