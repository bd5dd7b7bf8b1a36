// NetlinkMessage.swift: the rtnetlink messages the monitor understands, as plain values decoded from the wire.

/// `struct nlmsghdr`: what every netlink message starts with.
package struct NetlinkHeader: Sendable, Hashable {
    /// `nlmsg_len`: the message's length, header included.
    package var length: UInt32
    /// `nlmsg_type`.
    package var type: UInt16
    /// `nlmsg_flags`.
    package var flags: UInt16
    /// `nlmsg_seq`: the request a reply belongs to (events carry their cause's sequence).
    package var sequence: UInt32
    /// `nlmsg_pid`: the port of the socket that asked (0 for the kernel's own events).
    package var portID: UInt32
}

/// Whether a link, address or route message adds (or changes) an object or removes it.
package enum NetlinkChange: Sendable, Hashable {
    /// `RTM_NEW*`: the object exists (new or changed).
    case new
    /// `RTM_DEL*`: the object is gone.
    case delete
}

/// `RTM_NEWLINK` / `RTM_DELLINK`: `struct ifinfomsg` plus `IFLA_IFNAME`.
package struct LinkMessage: Sendable, Hashable {
    package var change: NetlinkChange
    /// `ifi_family`: `AF_UNSPEC` for real links (`AF_BRIDGE` ones describe bridge ports).
    package var family: UInt8
    /// `ifi_index`.
    package var index: Int32
    /// `ifi_flags` (`IFF_UP`, `IFF_RUNNING`, `IFF_LOOPBACK`, ...).
    package var flags: UInt32
    /// `IFLA_IFNAME`, when present.
    package var name: String?
}

/// `RTM_NEWADDR` / `RTM_DELADDR`: `struct ifaddrmsg` plus `IFA_LOCAL` / `IFA_ADDRESS`.
package struct AddressMessage: Sendable, Hashable {
    package var change: NetlinkChange
    /// `ifa_family`: `AF_INET` or `AF_INET6`.
    package var family: UInt8
    /// `ifa_prefixlen`.
    package var prefixLength: UInt8
    /// `ifa_scope` (`RT_SCOPE_UNIVERSE`, `RT_SCOPE_LINK`, `RT_SCOPE_HOST`, ...).
    package var scope: UInt8
    /// `IFA_FLAGS` when present, else `ifa_flags`.
    package var flags: UInt32
    /// `ifa_index`.
    package var interfaceIndex: Int32
    /// The interface's own address: `IFA_LOCAL` when present (on point-to-point links
    /// `IFA_ADDRESS` is the peer's), else `IFA_ADDRESS`. Empty when neither was sent.
    package var address: [UInt8]
}

/// `RTM_NEWROUTE` / `RTM_DELROUTE`: `struct rtmsg` plus `RTA_DST`, `RTA_OIF`, `RTA_GATEWAY`,
/// `RTA_PRIORITY`, `RTA_TABLE` and the next hops of `RTA_MULTIPATH`.
package struct RouteMessage: Sendable, Hashable {
    package var change: NetlinkChange
    /// `rtm_family`.
    package var family: UInt8
    /// `rtm_dst_len`: 0 for a default route.
    package var destinationLength: UInt8
    /// `RTA_TABLE` when present (tables above 255), else `rtm_table`.
    package var table: UInt32
    /// `rtm_type` (`RTN_UNICAST` = 1, `RTN_UNREACHABLE`, ...).
    package var type: UInt8
    /// `rtm_flags`.
    package var flags: UInt32
    /// `RTA_DST`, when present.
    package var destination: [UInt8]?
    /// `RTA_GATEWAY` (or the first next hop's), when present.
    package var gateway: [UInt8]?
    /// `RTA_PRIORITY` (the metric), when present.
    package var priority: UInt32?
    /// `RTA_OIF`, or every next hop's interface for a multipath route. Empty for a route that
    /// names a nexthop object (`RTA_NH_ID`) instead.
    package var outputInterfaces: [Int32]

    /// A default route: `dst_len` 0 and unicast, not a cached clone.
    package var isDefault: Bool {
        destinationLength == 0 && type == RTNetlink.unicastRoute && flags & RTNetlink.clonedRouteFlag == 0
    }
}

/// One decoded netlink message.
package enum NetlinkPayload: Sendable, Hashable {
    case link(LinkMessage)
    case address(AddressMessage)
    case route(RouteMessage)
    /// `NLMSG_DONE`: the end of a dump; `code` is 0, or a negative errno when the kernel cut
    /// the dump short.
    case done(code: Int32)
    /// `NLMSG_ERROR`: `code` is 0 for an acknowledgement, else a negative errno.
    case error(code: Int32)
    /// `NLMSG_OVERRUN`.
    case overrun
    /// Any other type (`NLMSG_NOOP`, neighbour or rule messages, ...): skipped.
    case other
}

/// A decoded message with its header.
package struct NetlinkMessage: Sendable, Hashable {
    package var header: NetlinkHeader
    package var payload: NetlinkPayload
}
