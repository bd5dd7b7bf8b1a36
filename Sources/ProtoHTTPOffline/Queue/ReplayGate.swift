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
        /// Done: release the held calls, in order, then tell the waiters.
        case done(held: [Held], waiters: [Waiter])
    }

    private let runs = Mutex<[CategoryKey: Run]>([:])

    /// Starts a replay of `category`, or joins the one running (which then makes one more
    /// pass and tells `waiter` too); returns whether the caller must run it.
    func begin(_ category: String?, waiter: @escaping Waiter) -> Bool {
        runs.withLock { runs in
            if runs[CategoryKey(category)] != nil {
                runs[CategoryKey(category)]?.anotherPass = true
                runs[CategoryKey(category)]?.waiters.append(waiter)
                return false
            }
            runs[CategoryKey(category)] = Run(waiters: [waiter])
            return true
        }
    }

    /// Ends a pass of `category`'s replay; `stopped` (the network failed again) ends the
    /// replay whatever was asked meanwhile.
    func finishPass(_ category: String?, stopped: Bool) -> Finish {
        runs.withLock { runs in
            guard let run = runs[CategoryKey(category)] else { return .done(held: [], waiters: []) }
            if run.anotherPass, !stopped {
                runs[CategoryKey(category)]?.anotherPass = false
                return .again
            }
            runs[CategoryKey(category)] = nil
            return .done(held: run.held, waiters: run.waiters)
        }
    }

    /// Whether `category` is replaying.
    func isReplaying(_ category: String?) -> Bool { runs.withLock { $0[CategoryKey(category)] != nil } }

    /// Runs `send` now, or, for a new call of a category that is replaying, once the replay
    /// ends; replayed calls (marked in `info`'s context) always pass at once.
    func admit(_ info: CallInfo, send: @escaping Held) {
        if info.context[Self.replayMarker] == nil {
            let held = runs.withLock { runs in
                guard runs[CategoryKey(info.category)] != nil else { return false }
                runs[CategoryKey(info.category)]?.held.append(send)
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
