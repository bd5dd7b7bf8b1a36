// NetworkPath.swift: the monitor's verdict: satisfied or not, which interfaces are up, whether a default route exists and the server answers.

/// What ``NetworkMonitor`` knows about the network at one moment.
///
/// ```
/// status == .satisfied  ⇔  some usable interface (up, running, not loopback) has a routable
///                          address  AND  a default route leaves through a usable interface
/// reachability          =  .unknown      before the first dump, or a probe not answered yet
///                          .unreachable  unsatisfied, or the probed server did not answer
///                          .reachable    satisfied, and the probed server (if any) answered
/// isReachable           ⇔  reachability == .reachable
/// isUnreachable         ⇔  reachability == .unreachable  (unknown is neither)
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
        /// No usable interface, no routable address, or no default route.
        case unsatisfied
        /// Not known yet: before the monitor's first look at the kernel's state
        /// (``NetworkPath/unknown``).
        case unknown
    }

    /// What a path says about reaching the network (AFNetworking's reachability status):
    /// reachable, unreachable, or not known yet, which is neither.
    public enum Reachability: String, Sendable, Hashable {
        /// The monitor has not looked yet, or its server probe has not answered yet.
        case unknown
        /// No way out, or the probed server does not answer.
        case unreachable
        /// A way out, and the probed server (when there is a probe) answers.
        case reachable
    }

    /// Satisfied or unsatisfied (see the type's description).
    public var status: Status
    /// Names of the usable interfaces (up, running, not loopback), by interface index.
    public var interfaces: [String]
    /// Whether a default route (IPv4 or IPv6) leaves through a usable interface.
    public var hasDefaultRoute: Bool
    /// The probe's last answer: `true` when the probed server accepted a TCP connection, `false`
    /// when it did not (refused, unreachable, timed out). `nil` when the monitor has no probe
    /// (``hasServerProbe`` is `false`) or its probe has not answered yet.
    public var serverReachable: Bool?
    /// Whether the monitor probes a server (``NetworkMonitor/Configuration/probe``).
    public var hasServerProbe = false
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

    /// The path before anything is known: status unknown, no interfaces, no route.
    public static let unknown = NetworkPath(status: .unknown, interfaces: [], hasDefaultRoute: false, serverReachable: nil)

    /// Reachable, unreachable, or not known yet (see the type's description).
    public var reachability: Reachability {
        switch status {
        case .unknown: return .unknown
        case .unsatisfied: return .unreachable
        case .satisfied:
            switch serverReachable {
            case true?: return .reachable
            case false?: return .unreachable
            case nil: return hasServerProbe ? .unknown : .reachable
            }
        }
    }

    /// Known to be reachable: satisfied, and the probed server answered if there is a probe.
    /// What the offline queue waits for before replaying.
    public var isReachable: Bool { reachability == .reachable }

    /// Known to be unreachable: no way out, or the probed server did not answer. Not known yet
    /// (``Reachability/unknown``) is not unreachable: an app shows no "offline" banner for it,
    /// and calls go out as usual.
    public var isUnreachable: Bool { reachability == .unreachable }

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
        if let serverReachable {
            notes.append(serverReachable ? "server answers" : "server does not answer")
        } else if hasServerProbe {
            notes.append("server not probed yet")
        }
        let via = interfaces.isEmpty ? "no usable interface" : "via " + interfaces.joined(separator: ", ")
        return "\(status.rawValue) \(via) (\(notes.joined(separator: ", ")))"
    }
}
