// NetworkState.swift: the pure model the monitor keeps: links, addresses and default routes, updated message by message.

/// The kernel's network state as far as reachability needs it, rebuilt from a dump and kept
/// current by events. Pure: ``apply(_:)`` takes decoded messages, ``path(serverReachable:)``
/// gives the verdict; no I/O, so recorded or synthetic messages test it fully.
///
/// It mirrors two things the kernel does without telling: when a link goes administratively
/// down, IPv4 routes through it are flushed with no `RTM_DELROUTE`, so the model drops the
/// routes through a link that loses `IFF_UP`; and when a link is deleted, its addresses and
/// routes go with it.
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

    /// Applies every message in order.
    package mutating func apply(_ messages: [NetlinkMessage]) {
        for message in messages { apply(message) }
    }

    /// Applies one message; types other than links, addresses and routes change nothing.
    package mutating func apply(_ message: NetlinkMessage) {
        switch message.payload {
        case .link(let link): apply(link)
        case .address(let address): apply(address)
        case .route(let route): apply(route)
        case .done, .error, .overrun, .other: break
        }
    }

    private mutating func apply(_ message: LinkMessage) {
        guard message.family == RTNetlink.familyUnspecified else { return }  // AF_BRIDGE port notices, not links
        switch message.change {
        case .new:
            let old = links[message.index]
            links[message.index] = Link(index: message.index, name: message.name ?? old?.name ?? "if\(message.index)", flags: message.flags)
            if let old, old.flags & RTNetlink.InterfaceFlag.up != 0, message.flags & RTNetlink.InterfaceFlag.up == 0 {
                removeRoutes(through: message.index)
            }
        case .delete:
            links[message.index] = nil
            addresses = addresses.filter { $0.key.interfaceIndex != message.index }
            removeRoutes(through: message.index)
        }
    }

    private mutating func apply(_ message: AddressMessage) {
        guard message.family == RTNetlink.familyIPv4 || message.family == RTNetlink.familyIPv6, !message.address.isEmpty else { return }
        let key = AddressKey(interfaceIndex: message.interfaceIndex, family: message.family, address: message.address, prefixLength: message.prefixLength)
        addresses[key] = message.change == .new ? message : nil
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

    /// The verdict for this state, with the probe's last answer (`nil` without a probe).
    package func path(serverReachable: Bool?) -> NetworkPath {
        let interfaces = links.values.sorted { $0.index < $1.index }.map(interface)
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

    private func interface(_ link: Link) -> NetworkInterface {
        let own = addresses.values.filter { $0.interfaceIndex == link.index }.map(Self.address).sorted {
            ($0.family == .ipv4 ? 0 : 1, $0.address) < ($1.family == .ipv4 ? 0 : 1, $1.address)
        }
        typealias F = RTNetlink.InterfaceFlag
        return NetworkInterface(
            index: Int(link.index), name: link.name, isUp: link.flags & F.up != 0, isRunning: link.flags & F.running != 0,
            isLoopback: link.flags & F.loopback != 0, addresses: own)
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
