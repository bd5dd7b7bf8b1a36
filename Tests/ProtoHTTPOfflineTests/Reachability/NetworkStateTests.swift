// NetworkStateTests.swift: the state model turns links, addresses and default routes into a path: recorded dumps and events, and every synthetic transition.
import ProtoHTTPOffline
import Testing

@Suite struct NetworkStateTests {
    typealias S = SyntheticNetlink

    static func state(_ hexes: [String]) throws -> NetworkState {
        var state = NetworkState()
        try S.apply(hexes.map(RecordedNetlink.bytes), to: &state)
        return state
    }

    @Test func recordedHostDumpIsSatisfiedThroughEth0() throws {
        let path = try Self.state(RecordedNetlink.hostDump).path(serverReachable: nil)
        #expect(path.status == .satisfied)
        #expect(path.interfaces == ["eth0"])
        #expect(path.hasDefaultRoute)
        #expect(path.serverReachable == nil)
        #expect(path.allInterfaces.map(\.name) == ["lo", "ifb0", "ifb1", "eth0"])
        let eth0 = try #require(path.allInterfaces.last)
        #expect(eth0.addresses.map(\.description).contains("192.0.2.2/24"))
        #expect(eth0.addresses.contains { $0.family == .ipv6 && $0.address.hasPrefix("fd00::") && $0.isRoutable })
        #expect(eth0.addresses.contains { $0.address.hasPrefix("fe80::") && !$0.isRoutable })
        #expect(Set(path.defaultRoutes.compactMap(\.gateway)) == ["192.0.2.1", "fd00::1"])
        #expect(path.defaultRoutes.allSatisfy { $0.interfaceNames == ["eth0"] })
    }

    /// The namespace recording: dump, then the events of `ip link set down`, `up`, `ip route
    /// add default`, `ip addr del`, `ip addr add`, and deleting the veth. The path after each
    /// event must follow what the commands did, and the events after which the kernel removes
    /// routes silently (link down, IPv4 address deleted, link deleted) must ask for a dump.
    @Test func recordedNamespaceEventsFollowTheCommands() throws {
        var state = try Self.state(RecordedNetlink.namespaceDump)
        var statuses = [state.path(serverReachable: nil).status]
        var seen: [String] = []
        var dumpRequests: [String] = []
        for hex in RecordedNetlink.namespaceEvents {
            let messages = try NetlinkParser.parse(RecordedNetlink.bytes(hex))
            let types = messages.map { "\($0.header.type)" }.joined(separator: "+")
            if state.apply(messages) { dumpRequests.append(types) }
            let status = state.path(serverReachable: nil).status
            if status != statuses.last { statuses.append(status) }
            seen.append(types)
        }
        // satisfied → down: unsatisfied → up + route: satisfied → address deleted: unsatisfied
        // (the monitor's dump then finds the default route gone with it) → veth deleted.
        #expect(Array(statuses.prefix(4)) == [.satisfied, .unsatisfied, .satisfied, .unsatisfied], "message types: \(seen)")
        #expect(statuses.last == .unsatisfied)
        // RTM_NEWLINK without IFF_UP, RTM_DELADDR (IPv4), RTM_DELLINK: each asks for a dump.
        #expect(dumpRequests.contains("16") && dumpRequests.contains("21") && dumpRequests.contains { $0.contains("17") }, "\(dumpRequests)")
        #expect(state.links.values.map(\.name) == ["lo"])
        #expect(state.defaultRoutes.isEmpty)
    }

    @Test func linkDownAndUp() throws {
        var state = NetworkState()
        try S.apply([S.datagram(S.link(1, "lo", flags: S.up | S.running | S.loopback), S.link(2, "eth0", flags: S.up | S.running),
                                S.address(2, [10, 0, 0, 2], prefix: 24), S.route(oif: 2, gateway: [10, 0, 0, 1]))], to: &state)
        #expect(state.path(serverReachable: nil).status == .satisfied)

        // Carrier lost (running cleared, still up): the route stays, the path is unsatisfied.
        try S.apply([S.link(2, nil, flags: S.up)], to: &state)
        var path = state.path(serverReachable: nil)
        #expect(path.status == .unsatisfied && path.interfaces.isEmpty && !path.hasDefaultRoute)
        #expect(path.allInterfaces.map(\.name) == ["lo", "eth0"])  // the name survives a message without IFLA_IFNAME
        try S.apply([S.link(2, "eth0", flags: S.up | S.running)], to: &state)
        #expect(state.path(serverReachable: nil).status == .satisfied)

        // Administratively down: the kernel flushes IPv4 routes silently; so does the model.
        try S.apply([S.link(2, "eth0", flags: 0)], to: &state)
        #expect(state.defaultRoutes.isEmpty)
        try S.apply([S.link(2, "eth0", flags: S.up | S.running)], to: &state)
        path = state.path(serverReachable: nil)
        #expect(path.status == .unsatisfied && path.interfaces == ["eth0"] && !path.hasDefaultRoute)
        try S.apply([S.route(oif: 2, gateway: [10, 0, 0, 1])], to: &state)
        #expect(state.path(serverReachable: nil).status == .satisfied)
    }

    @Test func addressAddedAndRemoved() throws {
        var state = NetworkState()
        try S.apply([S.datagram(S.link(2, "eth0", flags: S.up | S.running), S.route(oif: 2, gateway: [10, 0, 0, 1]))], to: &state)
        #expect(state.path(serverReachable: nil).status == .unsatisfied)  // a route but no address
        // A link-local IPv6 address is not enough.
        try S.apply([S.address(2, [0xfe, 0x80] + [UInt8](repeating: 0, count: 13) + [1], prefix: 64, scope: 253)], to: &state)
        #expect(state.path(serverReachable: nil).status == .unsatisfied)
        // Nor a tentative one (duplicate address detection still running).
        let global6: [UInt8] = [0x20, 0x01, 0x0d, 0xb8] + [UInt8](repeating: 0, count: 11) + [7]
        try S.apply([S.address(2, global6, prefix: 64, flags: 0x40)], to: &state)
        #expect(state.path(serverReachable: nil).status == .unsatisfied)
        try S.apply([S.address(2, global6, prefix: 64, flags: 0x80)], to: &state)
        #expect(state.path(serverReachable: nil).status == .satisfied)
        #expect(state.path(serverReachable: nil).allInterfaces.first?.addresses.map(\.description).contains("2001:db8::7/64") == true)
        try S.apply([S.address(2, global6, prefix: 64, delete: true)], to: &state)
        #expect(state.path(serverReachable: nil).status == .unsatisfied)
    }

    @Test func defaultRouteAddedAndRemoved() throws {
        var state = NetworkState()
        try S.apply([S.datagram(S.link(2, "eth0", flags: S.up | S.running), S.address(2, [10, 0, 0, 2], prefix: 24),
                                S.route(dstLength: 24, oif: 2))], to: &state)
        #expect(state.path(serverReachable: nil).status == .unsatisfied)  // only the subnet route
        try S.apply([S.route(family: 10, oif: 2, gateway: [0xfe, 0x80] + [UInt8](repeating: 0, count: 13) + [1])], to: &state)
        var path = state.path(serverReachable: nil)
        #expect(path.status == .satisfied && path.defaultRoutes.map(\.family) == [.ipv6])
        try S.apply([S.route(family: 10, oif: 2, gateway: [0xfe, 0x80] + [UInt8](repeating: 0, count: 13) + [1], delete: true)], to: &state)
        path = state.path(serverReachable: nil)
        #expect(path.status == .unsatisfied && path.defaultRoutes.isEmpty)
        // Unreachable-type "default" routes and routes through loopback do not count.
        try S.apply([S.route(type: 7, oif: 2), S.datagram(S.link(1, "lo", flags: S.up | S.running | S.loopback), S.route(table: 100, oif: 1))], to: &state)
        #expect(state.path(serverReachable: nil).status == .unsatisfied)
        // A default route in another table (wg-quick's, say) does.
        try S.apply([S.route(table: 200, oif: 2)], to: &state)
        #expect(state.path(serverReachable: nil).status == .satisfied)
    }

    @Test func deletedLinkTakesItsAddressesAndRoutes() throws {
        var state = NetworkState()
        try S.apply([S.datagram(S.link(2, "eth0", flags: S.up | S.running), S.address(2, [10, 0, 0, 2], prefix: 24),
                                S.route(oif: 2, gateway: [10, 0, 0, 1]), S.link(3, "wlan0", flags: S.up | S.running))], to: &state)
        #expect(state.path(serverReachable: nil).interfaces == ["eth0", "wlan0"])
        try S.apply([S.link(2, "eth0", flags: 0, delete: true)], to: &state)
        let path = state.path(serverReachable: nil)
        #expect(path.status == .unsatisfied && path.interfaces == ["wlan0"])
        #expect(state.addresses.isEmpty && state.defaultRoutes.isEmpty)
    }

    @Test func bridgePortNoticesAndErrorsChangeNothing() throws {
        var state = NetworkState()
        try S.apply([S.datagram(S.link(2, "eth0", flags: S.up | S.running), S.address(2, [10, 0, 0, 2], prefix: 24),
                                S.route(oif: 2, gateway: [10, 0, 0, 1]))], to: &state)
        let before = state
        try S.apply([S.datagram(S.link(2, "eth0", flags: 0, delete: true, family: 7), S.error(-16), S.done())], to: &state)
        #expect(state == before)
    }

    @Test func pathReachabilityCombinesStatusAndProbe() {
        let satisfied = NetworkPath(status: .satisfied, interfaces: ["eth0"], hasDefaultRoute: true, serverReachable: nil)
        #expect(satisfied.isReachable)
        var probed = satisfied
        probed.serverReachable = false
        #expect(!probed.isReachable)
        probed.serverReachable = true
        #expect(probed.isReachable)
        #expect(!NetworkPath.unknown.isReachable)
        #expect(probed.description == "satisfied via eth0 (default route, server answers)")
    }
}
