// ReachabilitySource.swift: what the offline queue needs to know about the network: whether it is reachable, and when that changes.
import Synchronization

/// A source of "the network is back" events for ``OfflineQueue``'s automatic replay.
/// ``NetworkMonitor`` is one; tests and apps with their own signal can supply another.
public protocol ReachabilitySource: AnyObject, Sendable {
    /// Whether the network is reachable now.
    var isReachable: Bool { get }
    /// Calls `handler` with every change of ``isReachable`` (on a queue of the source's
    /// choosing) until the returned token is cancelled.
    func observeReachability(_ handler: @escaping @Sendable (Bool) -> Void) -> ReachabilityObservation
}

/// Stops a ``ReachabilitySource`` observation when cancelled or released.
public final class ReachabilityObservation: Sendable {
    private let stop: @Sendable () -> Void

    /// A token that runs `stop` once, on ``cancel()`` or when released.
    public init(stop: @escaping @Sendable () -> Void) { self.stop = OnceAction(stop).run }

    /// Stops the observation.
    public func cancel() { stop() }

    deinit { stop() }
}

/// Runs an action at most once, from any thread.
final class OnceAction: Sendable {
    private let action: Mutex<(@Sendable () -> Void)?>
    init(_ action: @escaping @Sendable () -> Void) { self.action = Mutex(action) }
    func run() { action.withLock { action in defer { action = nil }; return action }?() }
}
