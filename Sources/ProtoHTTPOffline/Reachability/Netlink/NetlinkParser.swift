// NetlinkParser.swift: splits a datagram into netlink messages and decodes links, addresses and routes, trusting no length.

/// Decodes rtnetlink datagrams. Pure: bytes in, values out.
///
/// ```
/// datagram: ┌ nlmsghdr │ body ┐pad┌ nlmsghdr │ body ┐ ...
/// body:     ┌ ifinfomsg / ifaddrmsg / rtmsg │ rtattr(len,type,value) pad │ rtattr ... ┐
/// ```
///
/// Every length (`nlmsg_len`, `rta_len`, `rtnh_len`) is checked against what remains before it
/// is used. A message whose framing is broken (a length shorter than its header or past the
/// end, a body shorter than its fixed structure) throws ``OfflineError`` with code
/// `reachability` and the offset, since nothing after it can be found reliably. Types the
/// monitor does not follow decode as `.other` and are skipped.
package enum NetlinkParser {
    /// Every message in `datagram`, in order.
    package static func parse(_ datagram: [UInt8]) throws(OfflineError) -> [NetlinkMessage] {
        let all = NetlinkBytes(datagram)
        var messages: [NetlinkMessage] = []
        var offset = 0
        while offset < all.count {
            let header = try readHeader(all, at: offset)
            let length = Int(header.length)
            let message = try all.slice(at: offset, length: length, what: "message \(messages.count) (nlmsg_len \(length))")
            let body = try message.suffix(from: RTNetlink.Size.header, what: "message body")
            messages.append(NetlinkMessage(header: header, payload: try payload(header: header, body: body)))
            offset += min(RTNetlink.aligned(length), all.count - offset)
        }
        return messages
    }

    private static func readHeader(_ bytes: NetlinkBytes, at offset: Int) throws(OfflineError) -> NetlinkHeader {
        let header = NetlinkHeader(
            length: try bytes.uint32(at: offset, "nlmsg_len"),
            type: try bytes.uint16(at: offset + 4, "nlmsg_type"),
            flags: try bytes.uint16(at: offset + 6, "nlmsg_flags"),
            sequence: try bytes.uint32(at: offset + 8, "nlmsg_seq"),
            portID: try bytes.uint32(at: offset + 12, "nlmsg_pid"))
        guard Int(header.length) >= RTNetlink.Size.header else {
            throw NetlinkBytes.malformed("nlmsg_len \(header.length) at offset \(offset) is shorter than the 16-byte header")
        }
        return header
    }

    private static func payload(header: NetlinkHeader, body: NetlinkBytes) throws(OfflineError) -> NetlinkPayload {
        typealias T = RTNetlink.MessageType
        switch header.type {
        case T.newLink, T.deleteLink:
            return .link(try link(body, change: header.type == T.newLink ? .new : .delete))
        case T.newAddress, T.deleteAddress:
            return .address(try address(body, change: header.type == T.newAddress ? .new : .delete))
        case T.newRoute, T.deleteRoute:
            return .route(try route(body, change: header.type == T.newRoute ? .new : .delete))
        case T.done:
            // The kernel appends the dump's status (0, or a negative errno if it was cut short);
            // old kernels may send none.
            return .done(code: body.count >= 4 ? try body.int32(at: 0, "NLMSG_DONE status") : 0)
        case T.error:
            return .error(code: try body.int32(at: 0, "nlmsgerr.error"))
        case T.overrun:
            return .overrun
        default:
            return .other
        }
    }

    private static func link(_ body: NetlinkBytes, change: NetlinkChange) throws(OfflineError) -> LinkMessage {
        _ = try body.slice(at: 0, length: RTNetlink.Size.linkInfo, what: "struct ifinfomsg")
        var message = LinkMessage(
            change: change, family: try body.uint8(at: 0, "ifi_family"), index: try body.int32(at: 4, "ifi_index"),
            flags: try body.uint32(at: 8, "ifi_flags"), name: nil)
        try forEachAttribute(in: body, after: RTNetlink.Size.linkInfo) { type, value throws(OfflineError) in
            if type == RTNetlink.Attribute.linkName { message.name = cString(value.array) }
        }
        return message
    }

    private static func address(_ body: NetlinkBytes, change: NetlinkChange) throws(OfflineError) -> AddressMessage {
        _ = try body.slice(at: 0, length: RTNetlink.Size.addressInfo, what: "struct ifaddrmsg")
        var message = AddressMessage(
            change: change, family: try body.uint8(at: 0, "ifa_family"), prefixLength: try body.uint8(at: 1, "ifa_prefixlen"),
            scope: try body.uint8(at: 3, "ifa_scope"), flags: UInt32(try body.uint8(at: 2, "ifa_flags")),
            interfaceIndex: Int32(bitPattern: try body.uint32(at: 4, "ifa_index")), address: [])
        var local: [UInt8]?
        var address: [UInt8]?
        try forEachAttribute(in: body, after: RTNetlink.Size.addressInfo) { type, value throws(OfflineError) in
            switch type {
            case RTNetlink.Attribute.local: local = value.array
            case RTNetlink.Attribute.address: address = value.array
            case RTNetlink.Attribute.addressFlags: message.flags = try value.uint32(at: 0, "IFA_FLAGS")
            default: break
            }
        }
        message.address = local ?? address ?? []
        return message
    }

    private static func route(_ body: NetlinkBytes, change: NetlinkChange) throws(OfflineError) -> RouteMessage {
        _ = try body.slice(at: 0, length: RTNetlink.Size.routeInfo, what: "struct rtmsg")
        var message = RouteMessage(
            change: change, family: try body.uint8(at: 0, "rtm_family"), destinationLength: try body.uint8(at: 1, "rtm_dst_len"),
            table: UInt32(try body.uint8(at: 4, "rtm_table")), type: try body.uint8(at: 7, "rtm_type"),
            flags: try body.uint32(at: 8, "rtm_flags"), destination: nil, gateway: nil, priority: nil, outputInterfaces: [])
        try forEachAttribute(in: body, after: RTNetlink.Size.routeInfo) { type, value throws(OfflineError) in
            typealias A = RTNetlink.Attribute
            switch type {
            case A.routeDestination: message.destination = value.array
            case A.routeGateway: message.gateway = value.array
            case A.routeOutputInterface: message.outputInterfaces.append(try value.int32(at: 0, "RTA_OIF"))
            case A.routePriority: message.priority = try value.uint32(at: 0, "RTA_PRIORITY")
            case A.routeTable: message.table = try value.uint32(at: 0, "RTA_TABLE")
            case A.routeMultipath: try nexthops(value, into: &message)
            default: break
            }
        }
        return message
    }

    /// `RTA_MULTIPATH`: a run of `struct rtnexthop` (len, flags, hops, ifindex), each followed by
    /// its own attributes (`RTA_GATEWAY`).
    private static func nexthops(_ value: NetlinkBytes, into message: inout RouteMessage) throws(OfflineError) {
        var offset = 0
        while offset < value.count {
            let length = Int(try value.uint16(at: offset, "rtnh_len"))
            guard length >= RTNetlink.Size.nexthop else {
                throw NetlinkBytes.malformed("rtnh_len \(length) at offset \(value.range.lowerBound + offset) is shorter than the 8-byte struct rtnexthop")
            }
            let hop = try value.slice(at: offset, length: length, what: "a next hop (rtnh_len \(length))")
            message.outputInterfaces.append(try hop.int32(at: 4, "rtnh_ifindex"))
            try forEachAttribute(in: hop, after: RTNetlink.Size.nexthop) { type, attribute throws(OfflineError) in
                if type == RTNetlink.Attribute.routeGateway, message.gateway == nil { message.gateway = attribute.array }
            }
            offset += min(RTNetlink.aligned(length), value.count - offset)
        }
    }

    /// Calls `body` with each attribute's type (flags masked off) and value, starting `offset`
    /// bytes into `bytes`.
    private static func forEachAttribute(
        in bytes: NetlinkBytes, after offset: Int, _ body: (UInt16, NetlinkBytes) throws(OfflineError) -> Void
    ) throws(OfflineError) {
        var offset = offset
        while offset < bytes.count {
            let length = Int(try bytes.uint16(at: offset, "rta_len"))
            let type = try bytes.uint16(at: offset + 2, "rta_type") & RTNetlink.Attribute.typeMask
            guard length >= RTNetlink.Size.attributeHeader else {
                throw NetlinkBytes.malformed("rta_len \(length) of attribute type \(type) at offset \(bytes.range.lowerBound + offset) is shorter than its 4-byte header")
            }
            let attribute = try bytes.slice(at: offset, length: length, what: "attribute type \(type) (rta_len \(length))")
            try body(type, try attribute.suffix(from: RTNetlink.Size.attributeHeader, what: "attribute value"))
            offset += min(RTNetlink.aligned(length), bytes.count - offset)
        }
    }

    /// A NUL-terminated name (the terminator and anything after it dropped).
    private static func cString(_ bytes: [UInt8]) -> String {
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    }
}
