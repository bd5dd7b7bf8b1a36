// MonitorHub.swift: the monitor's shared side: the current path and everyone waiting for changes (callbacks, streams, reachability observers).
import Dispatch
import Synchronization

/// What the monitor thread publishes to and users read from. One lock guards the current path
/// and the observer lists; a change is stored and handed to every observer under it (a
/// dispatch to the observer's queue, a stream `yield`: neither blocks nor calls back), so
/// every observer sees changes in the order the monitor thread made them.
final class MonitorHub: Sendable {
    /// Cleared when an observation is cancelled, so a delivery already queued is dropped.
    final class ActiveFlag: Sendable {
        private let value = Atomic<Bool>(true)
        var isActive: Bool { value.load(ordering: .acquiring) }
        func clear() { value.store(false, ordering: .releasing) }
    }

    private struct PathObserver {
        let queue: DispatchQueue
        let active: ActiveFlag
        let handler: @Sendable (NetworkPath) -> Void
    }

    private struct ReachabilityObserver {
        let queue: DispatchQueue
        let active: ActiveFlag
        var last: Bool
        let handler: @Sendable (Bool) -> Void
    }

    private struct State {
        var path = NetworkPath.unknown
        var failure: OfflineError?
        var nextID: UInt64 = 0
        var pathObservers: [UInt64: PathObserver] = [:]
        var reachabilityObservers: [UInt64: ReachabilityObserver] = [:]
        var streams: [UInt64: AsyncStream<NetworkPath>.Continuation] = [:]
    }

    private let state = Mutex(State())
    private let dumps = Atomic<Int>(0)

    /// How many full dumps (links, addresses, routes) the monitor thread has completed: one per
    /// start, plus one per overrun or unreadable datagram.
    var completedDumps: Int { dumps.load(ordering: .relaxed) }

    /// Counts a completed dump.
    func countDump() { dumps.add(1, ordering: .relaxed) }

    /// The last published path.
    var path: NetworkPath { state.withLock { $0.path } }
    /// The error that stopped the monitor thread, if one did.
    var failure: OfflineError? { state.withLock { $0.failure } }

    /// Stores `path` and delivers it to every observer, if it differs from the current one.
    func publish(_ path: NetworkPath) {
        state.withLock { state in
            guard path != state.path else { return }
            state.path = path
            for observer in state.pathObservers.values {
                observer.queue.async { if observer.active.isActive { observer.handler(path) } }
            }
            let reachable = path.isReachable
            for (id, observer) in state.reachabilityObservers where observer.last != reachable {
                state.reachabilityObservers[id]?.last = reachable
                observer.queue.async { if observer.active.isActive { observer.handler(reachable) } }
            }
            for continuation in state.streams.values { continuation.yield(path) }
        }
    }

    /// Records the error that ended the monitor thread.
    func record(failure: OfflineError) {
        state.withLock { $0.failure = failure }
    }

    /// Clears a previous run's error (on start).
    func clearFailure() {
        state.withLock { $0.failure = nil }
    }

    /// Registers `handler` for every later change; with `includingCurrent`, it first gets the
    /// current path.
    func observePaths(on queue: DispatchQueue, includingCurrent: Bool, _ handler: @escaping @Sendable (NetworkPath) -> Void) -> ReachabilityObservation {
        let active = ActiveFlag()
        let id = state.withLock { state in
            state.nextID += 1
            state.pathObservers[state.nextID] = PathObserver(queue: queue, active: active, handler: handler)
            if includingCurrent {
                let path = state.path
                queue.async { if active.isActive { handler(path) } }
            }
            return state.nextID
        }
        return ReachabilityObservation { [self] in
            active.clear()
            state.withLock { _ = $0.pathObservers.removeValue(forKey: id) }
        }
    }

    /// Registers `handler` for every later change of `isReachable`.
    func observeReachability(on queue: DispatchQueue, _ handler: @escaping @Sendable (Bool) -> Void) -> ReachabilityObservation {
        let active = ActiveFlag()
        let id = state.withLock { state in
            state.nextID += 1
            state.reachabilityObservers[state.nextID] = ReachabilityObserver(queue: queue, active: active, last: state.path.isReachable, handler: handler)
            return state.nextID
        }
        return ReachabilityObservation { [self] in
            active.clear()
            state.withLock { _ = $0.reachabilityObservers.removeValue(forKey: id) }
        }
    }

    /// A stream of the current path, then every change, until ``finishStreams()``.
    func stream() -> AsyncStream<NetworkPath> {
        let (stream, continuation) = AsyncStream.makeStream(of: NetworkPath.self, bufferingPolicy: .bufferingNewest(64))
        let id = state.withLock { state in
            state.nextID += 1
            state.streams[state.nextID] = continuation
            continuation.yield(state.path)
            return state.nextID
        }
        continuation.onTermination = { [weak self] _ in
            self?.state.withLock { _ = $0.streams.removeValue(forKey: id) }
        }
        return stream
    }

    /// Finishes every stream handed out so far (on stop).
    func finishStreams() {
        let streams = state.withLock { state in
            defer { state.streams = [:] }
            return Array(state.streams.values)
        }
        for continuation in streams { continuation.finish() }  // outside the lock: onTermination takes it
    }
}
