// SubmittedCalls.swift: the calls one thread has submitted so far, for the threads that race it (cancel, shut down).
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// The calls submitted so far, shared between the thread that submits them and the threads
/// that cancel them or shut the transport down.
final class SubmittedCalls<Call: Sendable>: Sendable {
    private let state = Mutex<(calls: [Call], done: Bool)>(([], false))

    func append(_ call: Call) { state.withLock { $0.calls.append(call) } }
    func finish() { state.withLock { $0.done = true } }
    var count: Int { state.withLock { $0.calls.count } }
    var isDone: Bool { state.withLock { $0.done } }
    subscript(index: Int) -> Call { state.withLock { $0.calls[index] } }

    /// Waits (sleeping 100 µs at a time) until call `index` exists; `nil` when submitting
    /// ended before it.
    func waitFor(_ index: Int) -> Call? {
        while true {
            let (call, done): (Call?, Bool) = state.withLock { ($0.calls.indices.contains(index) ? $0.calls[index] : nil, $0.done) }
            if let call { return call }
            if done { return nil }
            usleep(100)  // the poll interval while the submitting thread catches up
        }
    }
}
