// SyntheticNetlink.swift: builds rtnetlink messages byte by byte (links, addresses, routes, DONE, ERROR) for the parser and state tests.
import ProtoHTTPOffline

/// Hand-built netlink messages in the kernel's layout (host byte order), so each test states
/// exactly which event it feeds. ``datagram(_:)`` joins messages as the kernel does, each
/// padded to 4 bytes.
enum SyntheticNetlink {
    static let up: UInt32 = 0x1
    static let running: UInt32 = 0x40
    static let loopback: UInt32 = 0x8

    /// A header of `type` around `body`.
    static func message(type: UInt16, flags: UInt16 = 0, sequence: UInt32 = 0, portID: UInt32 = 0, body: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = []
        put(UInt32(16 + body.count), &bytes)
        put(type, &bytes)
        put(flags, &bytes)
        put(sequence, &bytes)
        put(portID, &bytes)
        return bytes + body
    }

    /// `RTM_NEWLINK` (or `RTM_DELLINK`) for `index` named `name` with `flags`.
    static func link(_ index: Int32, _ name: String?, flags: UInt32, delete: Bool = false, family: UInt8 = 0) -> [UInt8] {
        var body: [UInt8] = [family, 0]
        put(UInt16(1), &body)  // ifi_type ARPHRD_ETHER
        put(index, &body)
        put(flags, &body)
        put(UInt32(0xFFFF_FFFF), &body)  // ifi_change
        if let name { body += attribute(3, Array(name.utf8) + [0]) }
        return message(type: delete ? 17 : 16, body: body)
    }

    /// `RTM_NEWADDR` (or `RTM_DELADDR`) of `address` (4 or 16 bytes) on `index`.
    static func address(_ index: Int32, _ address: [UInt8], prefix: UInt8, scope: UInt8 = 0, flags: UInt32 = 0x80, delete: Bool = false) -> [UInt8] {
        var body: [UInt8] = [address.count == 4 ? 2 : 10, prefix, UInt8(truncatingIfNeeded: flags), scope]
        put(UInt32(bitPattern: index), &body)
        body += attribute(1, address)
        if address.count == 4 { body += attribute(2, address) }
        var flagBytes: [UInt8] = []
        put(flags, &flagBytes)
        body += attribute(8, flagBytes)
        return message(type: delete ? 21 : 20, body: body)
    }

    /// `RTM_NEWROUTE` (or `RTM_DELROUTE`): a default route (`dstLength` 0) unless told otherwise.
    static func route(family: UInt8 = 2, dstLength: UInt8 = 0, table: UInt8 = 254, type: UInt8 = 1, oif: Int32?,
                      gateway: [UInt8]? = nil, delete: Bool = false, extra: [UInt8] = []) -> [UInt8] {
        var body: [UInt8] = [family, dstLength, 0, 0, table, 3, 0, type]
        put(UInt32(0), &body)
        body += attribute(15, le32(UInt32(table)))
        if dstLength > 0 { body += attribute(1, family == 2 ? [10, 0, 0, 0] : [UInt8](repeating: 0, count: 16)) }
        if let gateway { body += attribute(5, gateway) }
        if let oif { body += attribute(4, le32(UInt32(bitPattern: oif))) }
        return message(type: delete ? 25 : 24, body: body + extra)
    }

    /// `NLMSG_DONE` with the dump's status (0, or a negative errno when cut short).
    static func done(sequence: UInt32 = 0, code: Int32 = 0) -> [UInt8] {
        message(type: 3, flags: 2, sequence: sequence, body: le32(UInt32(bitPattern: code)))
    }

    /// `NLMSG_ERROR` carrying `code` (a negative errno, or 0 for an acknowledgement).
    static func error(_ code: Int32, sequence: UInt32 = 0) -> [UInt8] {
        var body: [UInt8] = []
        put(code, &body)
        body += message(type: 18, flags: 0x301, sequence: sequence, body: [])  // the request it answers
        return message(type: 2, sequence: sequence, body: body)
    }

    /// One `rtattr`, padded to 4 bytes.
    static func attribute(_ type: UInt16, _ value: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = []
        put(UInt16(4 + value.count), &bytes)
        put(type, &bytes)
        bytes += value
        while bytes.count % 4 != 0 { bytes.append(0) }
        return bytes
    }

    /// Messages joined into one datagram, each padded to 4 bytes.
    static func datagram(_ messages: [UInt8]...) -> [UInt8] {
        messages.reduce(into: []) { all, message in
            all += message
            while all.count % 4 != 0 { all.append(0) }
        }
    }

    /// Parses and applies each datagram to `state`.
    static func apply(_ datagrams: [[UInt8]], to state: inout NetworkState) throws {
        for datagram in datagrams { state.apply(try NetlinkParser.parse(datagram)) }
    }

    static func le32(_ value: UInt32) -> [UInt8] {
        var bytes: [UInt8] = []
        put(value, &bytes)
        return bytes
    }

    static func put<T: FixedWidthInteger>(_ value: T, _ bytes: inout [UInt8]) {
        withUnsafeBytes(of: value) { bytes += $0 }
    }
}
