// NetworkInterface.swift: public values describing what the kernel reports: interfaces, their addresses, default routes.

/// An IP version.
public enum IPFamily: String, Sendable, Hashable {
    /// IPv4 (`AF_INET`).
    case ipv4
    /// IPv6 (`AF_INET6`).
    case ipv6
}

/// One address of a ``NetworkInterface``.
public struct InterfaceAddress: Sendable, Hashable, CustomStringConvertible {
    /// IPv4 or IPv6.
    public var family: IPFamily
    /// The address in text form (`192.0.2.7`, `2001:db8::7`).
    public var address: String
    /// The prefix length of its subnet (`24` in `192.0.2.7/24`).
    public var prefixLength: Int
    /// Whether it can carry traffic beyond its own link: scope global (or site), not
    /// tentative and not failed by duplicate address detection. IPv6 link-local addresses
    /// (`fe80::/10`) and loopback addresses are not routable.
    public var isRoutable: Bool

    /// An address value.
    public init(family: IPFamily, address: String, prefixLength: Int, isRoutable: Bool) {
        self.family = family
        self.address = address
        self.prefixLength = prefixLength
        self.isRoutable = isRoutable
    }

    /// `address/prefixLength`.
    public var description: String { "\(address)/\(prefixLength)" }
}

/// A network interface as the kernel reports it (`ip link` and `ip addr`).
public struct NetworkInterface: Sendable, Hashable {
    /// The kernel's interface index.
    public var index: Int
    /// The interface's name (`eth0`, `wlan0`, `lo`).
    public var name: String
    /// Administratively up (`IFF_UP`, `ip link set NAME up`).
    public var isUp: Bool
    /// Operational (`IFF_RUNNING`): up and with a carrier (a cable, an associated access point,
    /// a veth whose peer is up).
    public var isRunning: Bool
    /// The loopback interface (`IFF_LOOPBACK`).
    public var isLoopback: Bool
    /// Its IPv4 and IPv6 addresses, sorted.
    public var addresses: [InterfaceAddress]
    /// What kind of link it is: Wi-Fi, ethernet, cellular, loopback or other.
    public var kind: InterfaceKind

    /// An interface value.
    public init(index: Int, name: String, isUp: Bool, isRunning: Bool, isLoopback: Bool, addresses: [InterfaceAddress],
                kind: InterfaceKind? = nil) {
        self.index = index
        self.name = name
        self.isUp = isUp
        self.isRunning = isRunning
        self.isLoopback = isLoopback
        self.addresses = addresses
        self.kind = kind ?? (isLoopback ? .loopback : .other)
    }

    /// Up, running and not loopback: an interface that can carry traffic off this machine.
    public var isUsable: Bool { isUp && isRunning && !isLoopback }
}

/// A default route (`ip route show default`, `ip -6 route show default`): destination
/// `0.0.0.0/0` or `::/0`, type unicast.
public struct DefaultRoute: Sendable, Hashable {
    /// IPv4 or IPv6.
    public var family: IPFamily
    /// The interfaces it leaves through (several for a multipath route; empty for a route that
    /// uses a nexthop object, whose interface the monitor does not resolve).
    public var interfaceNames: [String]
    /// The gateway's address, if the route has one.
    public var gateway: String?
    /// The routing table (254 is `main`).
    public var table: Int

    /// A route value.
    public init(family: IPFamily, interfaceNames: [String], gateway: String?, table: Int) {
        self.family = family
        self.interfaceNames = interfaceNames
        self.gateway = gateway
        self.table = table
    }
}
