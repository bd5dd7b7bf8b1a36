// ReleaseGate.swift: a one-way gate that test handlers wait on until the test opens it, instead of sleeping a guessed time.
import Synchronization

/// Closed until ``open()``; then open for good. A test server's handler waits on it to stay busy
/// exactly as long as the test needs ("until I have checked that shutdown waits for you"),
/// where a timed sleep would be too short on a loaded machine and needlessly long on an idle one.
public final class ReleaseGate: Sendable {
    private struct State {
        var isOpen = false
        var waiters: [Int: CheckedContinuation<Void, any Error>] = [:]
        var nextID = 0
    }
    private let state = Mutex(State())

    public init() {}

    /// Whether the gate has been opened.
    public var isOpen: Bool { state.withLock { $0.isOpen } }

    /// Opens the gate: every waiter resumes, and later waits return at once.
    public func open() {
        let waiters = state.withLock { state in
            state.isOpen = true
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Waits until the gate opens; throws `CancellationError` if the task is cancelled first.
    public func wait() async throws {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let resumeNow = state.withLock { state -> Bool in
                    if state.isOpen || Task.isCancelled { return true }
                    state.waiters[id] = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
            try Task.checkCancellation()
        } onCancel: {
            state.withLock { $0.waiters.removeValue(forKey: id) }?.resume(throwing: CancellationError())
        }
    }

    /// Waits until the gate opens, whether or not the task is cancelled meanwhile.
    public func waitIgnoringCancellation() async {
        await Task.detached { try? await self.wait() }.value
    }
}
