// NetworkState.swift: the pure model the monitor keeps: links, addresses and default routes, updated message by message.

/// The kernel's network state as far as reachability needs it, rebuilt from a dump and kept
/// current by events. Pure: ``apply(_:)`` takes decoded messages, ``path(serverReachable:)``
/// gives the verdict; no I/O, so recorded or synthetic messages test it fully.
///
/// The kernel removes some routes without sending `RTM_DELROUTE`: when a link goes
/// administratively down (its IPv4 routes are flushed), when it is deleted, and when an IPv4
/// address is deleted (routes through it, the default route included, may go). The model drops
/// the routes through a link that goes down or away, and ``apply(_:)`` returns `true` for each
/// of these messages so the monitor dumps again and learns exactly what is left.
package struct NetworkState: Sendable, Hashable {
    /// A link as last reported.
    package struct Link: Sendable, Hashable {
        package var index: Int32
        package var name: String
        package var flags: UInt32
    }

    /// What identifies an address: its interface, family, bytes and prefix.
    package struct AddressKey: Sendable, Hashable {
        var interfaceIndex: Int32
        var family: UInt8
        var address: [UInt8]
        var prefixLength: UInt8
    }

    /// What identifies a route: what `ip route del` matches on.
    package struct RouteKey: Sendable, Hashable {
        var family: UInt8
        var table: UInt32
        var priority: UInt32?
        var outputInterfaces: [Int32]
        var gateway: [UInt8]?
    }

    package private(set) var links: [Int32: Link] = [:]
    package private(set) var addresses: [AddressKey: AddressMessage] = [:]
    package private(set) var defaultRoutes: [RouteKey: RouteMessage] = [:]

    /// An empty state.
    package init() {}

    /// Applies every message in order; `true` if any of them may have removed routes silently.
    @discardableResult
    package mutating func apply(_ messages: [NetlinkMessage]) -> Bool {
        messages.reduce(false) { stale, message in apply(message) || stale }
    }

    /// Applies one message; types other than links, addresses and routes change nothing.
    /// Returns `true` when the kernel may have removed routes without telling (a link went down
    /// or away, an IPv4 address was deleted): the routes should be dumped again.
    @discardableResult
    package mutating func apply(_ message: NetlinkMessage) -> Bool {
        switch message.payload {
        case .link(let link): return apply(link)
        case .address(let address): return apply(address)
        case .route(let route): apply(route)
        case .done, .error, .overrun, .other: break
        }
        return false
    }

    private mutating func apply(_ message: LinkMessage) -> Bool {
        guard message.family == RTNetlink.familyUnspecified else { return false }  // AF_BRIDGE port notices, not links
        switch message.change {
        case .new:
            let old = links[message.index]
            links[message.index] = Link(index: message.index, name: message.name ?? old?.name ?? "if\(message.index)", flags: message.flags)
            guard let old, old.flags & RTNetlink.InterfaceFlag.up != 0, message.flags & RTNetlink.InterfaceFlag.up == 0 else { return false }
            removeRoutes(through: message.index)
            return true
        case .delete:
            links[message.index] = nil
            addresses = addresses.filter { $0.key.interfaceIndex != message.index }
            removeRoutes(through: message.index)
            return true
        }
    }

    private mutating func apply(_ message: AddressMessage) -> Bool {
        guard message.family == RTNetlink.familyIPv4 || message.family == RTNetlink.familyIPv6, !message.address.isEmpty else { return false }
        let key = AddressKey(interfaceIndex: message.interfaceIndex, family: message.family, address: message.address, prefixLength: message.prefixLength)
        addresses[key] = message.change == .new ? message : nil
        return message.change == .delete && message.family == RTNetlink.familyIPv4
    }

    private mutating func apply(_ message: RouteMessage) {
        guard message.family == RTNetlink.familyIPv4 || message.family == RTNetlink.familyIPv6, message.isDefault else { return }
        let key = RouteKey(family: message.family, table: message.table, priority: message.priority,
                           outputInterfaces: message.outputInterfaces, gateway: message.gateway)
        defaultRoutes[key] = message.change == .new ? message : nil
    }

    private mutating func removeRoutes(through index: Int32) {
        defaultRoutes = defaultRoutes.filter { !$0.key.outputInterfaces.contains(index) }
    }

    /// The verdict for this state, with the probe's last answer (`nil` without a probe) and
    /// each interface's kind by name (read from sysfs by the monitor; missing ones are `other`).
    package func path(serverReachable: Bool?, kinds: [String: InterfaceKind] = [:]) -> NetworkPath {
        let interfaces = links.values.sorted { $0.index < $1.index }.map { interface($0, kind: kinds[$0.name]) }
        let usable = interfaces.filter(\.isUsable)
        let usableIndexes = Set(usable.map(\.index))
        let routes = defaultRoutes.values.sorted(by: Self.routeOrder)
        let hasDefaultRoute = routes.contains { route in
            route.outputInterfaces.isEmpty ? !usable.isEmpty : route.outputInterfaces.contains { usableIndexes.contains(Int($0)) }
        }
        let hasAddress = usable.contains { $0.addresses.contains(where: \.isRoutable) }
        return NetworkPath(
            status: hasAddress && hasDefaultRoute ? .satisfied : .unsatisfied,
            interfaces: usable.map(\.name), hasDefaultRoute: hasDefaultRoute, serverReachable: serverReachable,
            allInterfaces: interfaces, defaultRoutes: routes.map(defaultRoute))
    }

    private func interface(_ link: Link, kind: InterfaceKind?) -> NetworkInterface {
        let own = addresses.values.filter { $0.interfaceIndex == link.index }.map(Self.address).sorted {
            ($0.family == .ipv4 ? 0 : 1, $0.address) < ($1.family == .ipv4 ? 0 : 1, $1.address)
        }
        typealias F = RTNetlink.InterfaceFlag
        return NetworkInterface(
            index: Int(link.index), name: link.name, isUp: link.flags & F.up != 0, isRunning: link.flags & F.running != 0,
            isLoopback: link.flags & F.loopback != 0, addresses: own, kind: kind)
    }

    private static func address(_ message: AddressMessage) -> InterfaceAddress {
        let unusable = RTNetlink.AddressFlag.tentative | RTNetlink.AddressFlag.duplicateAddressDetectionFailed
        return InterfaceAddress(
            family: message.family == RTNetlink.familyIPv4 ? .ipv4 : .ipv6, address: IPAddressText.format(message.address),
            prefixLength: Int(message.prefixLength),
            isRoutable: message.scope < RTNetlink.Scope.link && message.flags & unusable == 0)
    }

    private func defaultRoute(_ message: RouteMessage) -> DefaultRoute {
        DefaultRoute(
            family: message.family == RTNetlink.familyIPv4 ? .ipv4 : .ipv6,
            interfaceNames: message.outputInterfaces.map { links[$0]?.name ?? "if\($0)" },
            gateway: message.gateway.map(IPAddressText.format), table: Int(message.table))
    }

    private static func routeOrder(_ a: RouteMessage, _ b: RouteMessage) -> Bool {
        (a.family, a.table, a.priority ?? 0, a.outputInterfaces.first ?? 0) < (b.family, b.table, b.priority ?? 0, b.outputInterfaces.first ?? 0)
    }
}
