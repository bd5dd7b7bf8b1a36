// NetworkMonitor+Observing.swift: the monitor's change notifications: handlers on a queue, an AsyncStream, and ReachabilitySource.
public import Dispatch

extension NetworkMonitor {
    /// Calls `handler` on `queue` (the configuration's ``Configuration/callbackQueue`` when
    /// `nil`) with every new path, until the returned token is cancelled or released; with
    /// `includingCurrent`, first with the current path. Changes reach a serial queue in the
    /// order they happened. Keep the token as long as you want the calls.
    ///
    /// ```swift
    /// let token = monitor.onChange(on: .main) { path in
    ///     offlineBanner.isHidden = !path.isUnreachable   // unknown is not offline
    /// }
    /// ```
    public func onChange(
        on queue: DispatchQueue? = nil, includingCurrent: Bool = false, _ handler: @escaping @Sendable (NetworkPath) -> Void
    ) -> ReachabilityObservation {
        hub.observePaths(on: queue ?? configuration.callbackQueue, includingCurrent: includingCurrent, handler)
    }

    /// A stream that yields the current path at once, then every change, and finishes on
    /// ``stop()`` or a ``failure`` (a stream made while stopped finishes on the next). Each access makes
    /// a new stream; if a consumer falls behind, the 64 newest paths are kept.
    ///
    /// ```swift
    /// for await path in monitor.updates {
    ///     print(path.isReachable ? "online" : "offline", path.interfaces)
    /// }
    /// ```
    public var updates: AsyncStream<NetworkPath> { hub.stream() }

    /// ``ReachabilitySource``: calls `handler` on the configuration's
    /// ``Configuration/callbackQueue`` with each change of ``isReachable``.
    public func observeReachability(_ handler: @escaping @Sendable (Bool) -> Void) -> ReachabilityObservation {
        hub.observeReachability(on: configuration.callbackQueue, handler)
    }
}
