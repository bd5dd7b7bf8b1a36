// InFlightRequests.swift: the server's request tasks, so a closed connection cancels its own and shutdown waits for all.
import Synchronization

/// Every request task the server runs. The server owns them (no task is left unstructured),
/// so the two things that end calls early can reach them: a connection that closes cancels
/// its own request's task, and shutdown cancels whatever is still running after its grace
/// period and waits until every task has answered before it stops the event loops.
///
/// ```
/// start ──► running ──answered()──► answered ──(the handler returned)──► removed
///              │
///              └── Task.cancel(): the connection closed, or shutdown's grace period ended
/// ```
///
/// A task has *answered* once it has handed its response to its connection's event loop; it
/// touches no event loop after that, even while a handler that ignores cancellation keeps it
/// running. A task that returns without calling `answered` counts as answered when it ends.
final class InFlightRequests: Sendable {
    private struct Entry {
        var task: Task<Void, Never>?
        var answered = false
        /// Cancelled through its ``RequestTaskCanceller`` before `start` stored the task.
        var cancelRequested = false
    }

    private struct State {
        var nextID = 0
        var entries: [Int: Entry] = [:]
        var unanswered = 0
        var waiters: [Int: CheckedContinuation<Void, Never>] = [:]

        /// Takes the waiters to resume once no task is left unanswered.
        mutating func releasableWaiters() -> [CheckedContinuation<Void, Never>] {
            guard unanswered == 0 else { return [] }
            defer { waiters.removeAll() }
            return Array(waiters.values)
        }
    }

    private let state = Mutex(State())

    /// Starts `body` in a task registered here until it returns. `body` calls its argument
    /// once its response is on the event loop. The task prefers `executor` (`nil`: the global
    /// concurrent executor), and so do the child tasks it makes. `immediately`, the task runs
    /// on the calling thread until it first suspends (`Task.immediate`), which may be to its end.
    @discardableResult
    func start(
        on executor: (any TaskExecutor)? = nil,
        immediately: Bool = false,
        _ body: @escaping @Sendable (_ answered: @escaping @Sendable () -> Void) async -> Void
    ) -> Task<Void, Never> {
        start(on: executor, immediately: immediately) { answered, _ in await body(answered) }
    }

    /// Starts `body` as the `start` above does, also handing
    /// it a ``RequestTaskCanceller`` for its own task (a passed deadline cancels it whole).
    @discardableResult
    func start(
        on executor: (any TaskExecutor)? = nil,
        immediately: Bool = false,
        _ body: @escaping @Sendable (_ answered: @escaping @Sendable () -> Void, _ canceller: RequestTaskCanceller) async -> Void
    ) -> Task<Void, Never> {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            state.entries[state.nextID] = Entry()
            state.unanswered += 1
            return state.nextID
        }
        let canceller = RequestTaskCanceller(requests: self, id: id)
        let operation: @Sendable () async -> Void = {
            await body({ self.markAnswered(id) }, canceller)
            self.remove(id)
        }
        let task = immediately ? Task.immediate(executorPreference: executor, operation: operation) : Task(executorPreference: executor, operation: operation)
        // The task may have ended already; then its entry is gone and there is nothing to keep.
        let cancelNow = state.withLock { state -> Bool in
            guard state.entries[id] != nil else { return false }
            state.entries[id]?.task = task
            return state.entries[id]?.cancelRequested == true
        }
        if cancelNow { task.cancel() }
        return task
    }

    /// Cancels the task of request `id`, now or, before `start` has stored it, once it has.
    func cancel(_ id: Int) {
        let task = state.withLock { state -> Task<Void, Never>? in
            guard let entry = state.entries[id] else { return nil }
            if entry.task == nil { state.entries[id]?.cancelRequested = true }
            return entry.task
        }
        task?.cancel()
    }

    /// The number of request tasks running, answered or not.
    var count: Int { state.withLock { $0.entries.count } }

    /// Cancels every request task still running.
    func cancelAll() {
        let tasks = state.withLock { $0.entries.values.compactMap(\.task) }
        for task in tasks { task.cancel() }
    }

    /// Waits until every task started so far has answered, or until `deadline` on `clock`;
    /// returns whether they all had.
    func allAnswered<C: Clock>(before deadline: C.Instant, on clock: C) async -> Bool {
        await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                await self.allAnswered()
                return true
            }
            group.addTask {
                try? await clock.sleep(until: deadline, tolerance: nil)
                return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            return first
        }
    }

    /// Returns once no task is unanswered, or when the calling task is cancelled.
    private func allAnswered() async {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let waitNow = state.withLock { state -> Bool in
                    guard state.unanswered > 0, !Task.isCancelled else { return false }
                    state.waiters[id] = continuation
                    return true
                }
                if !waitNow { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.waiters.removeValue(forKey: id) }?.resume()
        }
    }

    private func markAnswered(_ id: Int) {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            guard let entry = state.entries[id], !entry.answered else { return [] }
            state.entries[id]?.answered = true
            state.unanswered -= 1
            return state.releasableWaiters()
        }
        for waiter in waiters { waiter.resume() }
    }

    private func remove(_ id: Int) {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            guard let entry = state.entries.removeValue(forKey: id) else { return [] }
            if !entry.answered { state.unanswered -= 1 }
            return state.releasableWaiters()
        }
        for waiter in waiters { waiter.resume() }
    }
}
