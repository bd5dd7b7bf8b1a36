// RTNetlink.swift: the rtnetlink numbers and structure sizes the parser and the socket use (<linux/netlink.h>, <linux/rtnetlink.h>).

/// Numbers from the kernel's netlink headers. Swift's Glibc module imports none of
/// `<linux/netlink.h>`, `<linux/rtnetlink.h>`, `<linux/if_addr.h>` or `<linux/if.h>`, so the
/// values the monitor needs are spelled out here (they are kernel ABI and never change).
package enum RTNetlink {
    /// `nlmsg_type` values.
    package enum MessageType {
        package static let noop: UInt16 = 1
        package static let error: UInt16 = 2
        package static let done: UInt16 = 3
        package static let overrun: UInt16 = 4
        package static let newLink: UInt16 = 16
        package static let deleteLink: UInt16 = 17
        package static let getLink: UInt16 = 18
        package static let newAddress: UInt16 = 20
        package static let deleteAddress: UInt16 = 21
        package static let getAddress: UInt16 = 22
        package static let newRoute: UInt16 = 24
        package static let deleteRoute: UInt16 = 25
        package static let getRoute: UInt16 = 26
    }

    /// `nlmsg_flags` bits.
    package enum Flag {
        package static let request: UInt16 = 0x1
        package static let multi: UInt16 = 0x2
        package static let acknowledge: UInt16 = 0x4
        /// The dump was interrupted by a change; its result may be inconsistent.
        package static let dumpInterrupted: UInt16 = 0x10
        /// `NLM_F_ROOT | NLM_F_MATCH`.
        package static let dump: UInt16 = 0x300
    }

    /// `RTMGRP_*` multicast groups (bit masks for `nl_groups`).
    package enum Group {
        package static let link: UInt32 = 0x1
        package static let ipv4Address: UInt32 = 0x10
        package static let ipv4Route: UInt32 = 0x40
        package static let ipv6Address: UInt32 = 0x100
        package static let ipv6Route: UInt32 = 0x400
        /// Every group the monitor follows.
        package static let monitored: UInt32 = link | ipv4Address | ipv4Route | ipv6Address | ipv6Route
    }

    /// `IFLA_*`, `IFA_*` and `RTA_*` attribute types.
    package enum Attribute {
        package static let linkName: UInt16 = 3  // IFLA_IFNAME
        package static let address: UInt16 = 1  // IFA_ADDRESS
        package static let local: UInt16 = 2  // IFA_LOCAL
        package static let addressFlags: UInt16 = 8  // IFA_FLAGS
        package static let routeDestination: UInt16 = 1  // RTA_DST
        package static let routeOutputInterface: UInt16 = 4  // RTA_OIF
        package static let routeGateway: UInt16 = 5  // RTA_GATEWAY
        package static let routePriority: UInt16 = 6  // RTA_PRIORITY
        package static let routeMultipath: UInt16 = 9  // RTA_MULTIPATH
        package static let routeTable: UInt16 = 15  // RTA_TABLE
        package static let routeNexthopID: UInt16 = 30  // RTA_NH_ID
        /// `NLA_F_NESTED | NLA_F_NET_BYTEORDER`, masked off an attribute's type.
        package static let typeMask: UInt16 = 0x3FFF
    }

    /// `IFF_*` interface flags.
    package enum InterfaceFlag {
        package static let up: UInt32 = 0x1
        package static let loopback: UInt32 = 0x8
        package static let running: UInt32 = 0x40
    }

    /// `IFA_F_*` address flags.
    package enum AddressFlag {
        package static let duplicateAddressDetectionFailed: UInt32 = 0x08
        package static let tentative: UInt32 = 0x40
    }

    /// `RT_SCOPE_*` values (address and route scopes).
    package enum Scope {
        package static let universe: UInt8 = 0
        package static let site: UInt8 = 200
        package static let link: UInt8 = 253
        package static let host: UInt8 = 254
    }

    /// `RTN_UNICAST`, the only route type that carries traffic to a gateway or a link.
    package static let unicastRoute: UInt8 = 1
    /// `RTM_F_CLONED`: a cached clone of a route, not a configured one.
    package static let clonedRouteFlag: UInt32 = 0x200
    /// `AF_UNSPEC`, `AF_INET`, `AF_INET6` (address families as they appear in messages).
    package static let familyUnspecified: UInt8 = 0
    package static let familyIPv4: UInt8 = 2
    package static let familyIPv6: UInt8 = 10
    /// `AF_NETLINK` and `NETLINK_ROUTE`.
    package static let addressFamilyNetlink: Int32 = 16
    package static let protocolRoute: Int32 = 0

    /// Sizes of the fixed structures, in bytes.
    package enum Size {
        /// `struct nlmsghdr`.
        package static let header = 16
        /// `struct ifinfomsg`.
        package static let linkInfo = 16
        /// `struct ifaddrmsg`.
        package static let addressInfo = 8
        /// `struct rtmsg`.
        package static let routeInfo = 12
        /// `struct rtattr` (and `struct nlattr`).
        package static let attributeHeader = 4
        /// `struct rtnexthop`.
        package static let nexthop = 8
        /// `struct nlmsgerr`'s error field (the original header follows it).
        package static let errorCode = 4
    }

    /// Rounds `length` up to netlink's 4-byte alignment (`NLMSG_ALIGN`, `RTA_ALIGN`).
    package static func aligned(_ length: Int) -> Int { (length + 3) & ~3 }
}
