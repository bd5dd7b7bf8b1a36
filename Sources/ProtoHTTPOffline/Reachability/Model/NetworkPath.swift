// NetworkPath.swift: the monitor's verdict: satisfied or not, which interfaces are up, whether a default route exists and the server answers.

/// What ``NetworkMonitor`` knows about the network at one moment.
///
/// ```
/// status == .satisfied  ⇔  some usable interface (up, running, not loopback) has a routable
///                          address  AND  a default route leaves through a usable interface
/// isReachable           ⇔  status == .satisfied  AND  serverReachable != false
/// ```
///
/// A default route says packets can leave this machine; only ``serverReachable`` (set when the
/// monitor has a ``ServerProbe``) says a given server answers.
public struct NetworkPath: Sendable, Hashable, CustomStringConvertible {
    /// Whether the machine has a way out.
    public enum Status: String, Sendable, Hashable {
        /// A usable interface with a routable address, and a default route through a usable
        /// interface.
        case satisfied
        /// No usable interface, no routable address, or no default route (also the value
        /// before the monitor has started).
        case unsatisfied
    }

    /// Satisfied or unsatisfied (see the type's description).
    public var status: Status
    /// Names of the usable interfaces (up, running, not loopback), by interface index.
    public var interfaces: [String]
    /// Whether a default route (IPv4 or IPv6) leaves through a usable interface.
    public var hasDefaultRoute: Bool
    /// The probe's last answer: `true` when the probed server accepted a TCP connection, `false`
    /// when it did not (refused, unreachable, timed out, or not probed yet since the monitor
    /// started). `nil` when the monitor has no probe.
    public var serverReachable: Bool?
    /// Every interface the kernel reported, loopback and down ones included, by index.
    public var allInterfaces: [NetworkInterface]
    /// Every default route the kernel reported, usable or not.
    public var defaultRoutes: [DefaultRoute]

    /// A path value.
    public init(
        status: Status, interfaces: [String], hasDefaultRoute: Bool, serverReachable: Bool?,
        allInterfaces: [NetworkInterface] = [], defaultRoutes: [DefaultRoute] = []
    ) {
        self.status = status
        self.interfaces = interfaces
        self.hasDefaultRoute = hasDefaultRoute
        self.serverReachable = serverReachable
        self.allInterfaces = allInterfaces
        self.defaultRoutes = defaultRoutes
    }

    /// The path before anything is known: unsatisfied, no interfaces, no route.
    public static let unknown = NetworkPath(status: .unsatisfied, interfaces: [], hasDefaultRoute: false, serverReachable: nil)

    /// Satisfied, and the probed server answered if there is a probe: what the offline queue
    /// waits for before replaying.
    public var isReachable: Bool { status == .satisfied && serverReachable != false }

    /// The kinds of the usable interfaces a default route leaves through (AFNetworking's
    /// "reachable via Wi-Fi / WWAN"), in interface order, without repeats.
    public var routedKinds: [InterfaceKind] {
        let routed = Set(defaultRoutes.flatMap(\.interfaceNames))
        var kinds: [InterfaceKind] = []
        for interface in allInterfaces where interface.isUsable && routed.contains(interface.name) && !kinds.contains(interface.kind) {
            kinds.append(interface.kind)
        }
        return kinds
    }

    /// Whether the way out costs by the byte (Apple's `NWPath.isExpensive`): every usable
    /// interface a default route leaves through is cellular.
    public var isExpensive: Bool {
        let kinds = routedKinds
        return !kinds.isEmpty && kinds.allSatisfy { $0 == .cellular }
    }

    /// `satisfied via eth0 (default route, server answers)`, for logs.
    public var description: String {
        var notes = [hasDefaultRoute ? "default route" : "no default route"]
        if let serverReachable { notes.append(serverReachable ? "server answers" : "server does not answer") }
        let via = interfaces.isEmpty ? "no usable interface" : "via " + interfaces.joined(separator: ", ")
        return "\(status.rawValue) \(via) (\(notes.joined(separator: ", ")))"
    }
}
