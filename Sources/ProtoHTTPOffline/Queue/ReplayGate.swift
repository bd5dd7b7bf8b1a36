// ReplayGate.swift: one replay at a time per category, and the gate that holds the category's new calls until it ends.
import Synchronization
import ProtoHTTP

/// Makes queued calls go ahead of new ones in their category, as SCAwesomeNetworking intends,
/// and runs one replay per category at a time.
///
/// ```
///  resumeQueued("likes") ─► begin("likes") ─► pass: entry 1, 2, … ─► finish("likes")
///  resumeQueued("likes") again ─► joins: one more pass, same completion time ─┘
///  new call in "likes" ──► admit: held ────────────────────────────────────────┘ released, in order
///  replayed calls (marked in their context) and calls of other categories pass at once
/// ```
///
/// The queue's stage (``OfflineQueueStage``) admits calls through it. Calls without a category
/// form their own group (the `nil` category), held while uncategorized entries replay.
/// Held calls, pass requests and waiters live under one lock, so a replay that ends and one
/// that starts cannot interleave.
final class ReplayGate: Sendable {
    /// The context key marking a replayed call (its value is the entry's id).
    static let replayMarker = "ProtoHTTPOffline.replayEntryID"

    typealias Held = @Sendable () -> Void
    typealias Waiter = @Sendable (ReplaySummary) -> Void

    /// A replay in progress.
    private struct Run {
        var held: [Held] = []
        var anotherPass = false
        var waiters: [Waiter]
    }

    /// What a replay does when a pass ends.
    enum Finish {
        /// Another resume came in during the pass: run one more.
        case again
        /// Done: release the held calls, in order, then tell the waiters; `idle`: this was the
        /// last replay running, and they wait for that.
        case done(held: [Held], waiters: [Waiter], idle: [Idle])
    }

    /// The replays in progress, whether replays are stopped (the queue is shutting down), and
    /// who waits for the last replay to end.
    private struct State {
        var runs: [CategoryKey: Run] = [:]
        var closed = false
        var idleWaiters: [Idle] = []
    }

    typealias Idle = @Sendable () -> Void

    private let state = Mutex(State())

    /// What ``begin(_:waiter:)`` found.
    enum Begin {
        /// No replay of the category was running: the caller runs it.
        case run
        /// One was running: it takes one more pass and tells the waiter too.
        case joined
        /// Replays are stopped (``close()``): the caller tells the waiter nothing was sent.
        case closed
    }

    /// Starts a replay of `category`, or joins the one running (which then makes one more
    /// pass and tells `waiter` too), unless replays are stopped.
    func begin(_ category: String?, waiter: @escaping Waiter) -> Begin {
        state.withLock { state in
            if state.closed { return .closed }
            if state.runs[CategoryKey(category)] != nil {
                state.runs[CategoryKey(category)]?.anotherPass = true
                state.runs[CategoryKey(category)]?.waiters.append(waiter)
                return .joined
            }
            state.runs[CategoryKey(category)] = Run(waiters: [waiter])
            return .run
        }
    }

    /// Ends a pass of `category`'s replay; `stopped` (the network failed again) ends the
    /// replay whatever was asked meanwhile, and so does ``close()``.
    func finishPass(_ category: String?, stopped: Bool) -> Finish {
        state.withLock { state in
            guard let run = state.runs[CategoryKey(category)] else { return .done(held: [], waiters: [], idle: []) }
            if run.anotherPass, !stopped, !state.closed {
                state.runs[CategoryKey(category)]?.anotherPass = false
                return .again
            }
            state.runs[CategoryKey(category)] = nil
            var idle: [Idle] = []
            if state.runs.isEmpty { swap(&idle, &state.idleWaiters) }
            return .done(held: run.held, waiters: run.waiters, idle: idle)
        }
    }

    /// Whether `category` is replaying.
    func isReplaying(_ category: String?) -> Bool { state.withLock { $0.runs[CategoryKey(category)] != nil } }

    /// Stops replays: none begins from now on, and those running end after the entry they are
    /// sending (``isClosed``); ``whenIdle(_:)`` tells when the last has ended.
    func close() { state.withLock { $0.closed = true } }

    /// Lets replays begin again after ``close()``.
    func open() { state.withLock { $0.closed = false } }

    /// Whether replays are stopped.
    var isClosed: Bool { state.withLock { $0.closed } }

    /// Calls `body` once no replay is running: at once if none is, else when the last ends.
    func whenIdle(_ body: @escaping Idle) {
        let now = state.withLock { state -> Bool in
            if state.runs.isEmpty { return true }
            state.idleWaiters.append(body)
            return false
        }
        if now { body() }
    }

    /// Runs `send` now, or, for a new call of a category that is replaying, once the replay
    /// ends; replayed calls (marked in `info`'s context) always pass at once.
    func admit(_ info: CallInfo, send: @escaping Held) {
        if info.context[Self.replayMarker] == nil {
            let held = state.withLock { state in
                guard state.runs[CategoryKey(info.category)] != nil else { return false }
                state.runs[CategoryKey(info.category)]?.held.append(send)
                return true
            }
            if held { return }
        }
        send()
    }
}

/// A category as a dictionary key, `nil` included.
struct CategoryKey: Hashable, Sendable {
    let name: String?
    init(_ name: String?) { self.name = name }
}
