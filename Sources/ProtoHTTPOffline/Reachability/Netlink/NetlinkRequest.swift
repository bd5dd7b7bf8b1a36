// NetlinkRequest.swift: the bytes of the dump requests (RTM_GETLINK / GETADDR / GETROUTE with NLM_F_DUMP) the monitor sends.

/// What the monitor asks the kernel for.
package enum NetlinkRequest {
    /// The three dumps that rebuild the monitor's state, in the order they are sent.
    package static let dumpTypes: [UInt16] = [RTNetlink.MessageType.getLink, RTNetlink.MessageType.getAddress, RTNetlink.MessageType.getRoute]

    /// A dump request of `type` (`RTM_GETLINK`, `RTM_GETADDR` or `RTM_GETROUTE`) for every
    /// address family: a header with `NLM_F_REQUEST | NLM_F_DUMP` and a zeroed `ifinfomsg`,
    /// `ifaddrmsg` or `rtmsg` (family `AF_UNSPEC`).
    package static func dump(_ type: UInt16, sequence: UInt32) -> [UInt8] {
        let bodySize: Int
        switch type {
        case RTNetlink.MessageType.getLink: bodySize = RTNetlink.Size.linkInfo
        case RTNetlink.MessageType.getAddress: bodySize = RTNetlink.Size.addressInfo
        default: bodySize = RTNetlink.Size.routeInfo
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(RTNetlink.Size.header + bodySize)
        append(UInt32(RTNetlink.Size.header + bodySize), to: &bytes)
        append(type, to: &bytes)
        append(RTNetlink.Flag.request | RTNetlink.Flag.dump, to: &bytes)
        append(sequence, to: &bytes)
        append(UInt32(0), to: &bytes)  // nlmsg_pid: the kernel fills in ours
        bytes += [UInt8](repeating: 0, count: bodySize)
        return bytes
    }

    /// Appends `value` in host byte order.
    package static func append<T: FixedWidthInteger>(_ value: T, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value) { bytes += $0 }
    }
}
