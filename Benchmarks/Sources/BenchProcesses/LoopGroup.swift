// LoopGroup.swift: counts down callback-driven loops and resumes the waiter when the last one ends.
import Synchronization

/// Lets callback-based clients (completion handlers, not tasks) look like one `async` run:
/// each loop calls ``loopEnded()`` once, and the last one resumes ``wait(loops:start:)``.
public final class LoopGroup: Sendable {
    private let remaining: Mutex<(count: Int, continuation: CheckedContinuation<Void, Never>?)>

    private init(count: Int, continuation: CheckedContinuation<Void, Never>) {
        remaining = Mutex((count, continuation))
    }

    /// Starts `loops` loops through `start` (called once per loop index) and returns when
    /// every loop has called ``loopEnded()``.
    public static func wait(loops: Int, start: (LoopGroup, Int) -> Void) async {
        guard loops > 0 else { return }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let group = LoopGroup(count: loops, continuation: continuation)
            for index in 0..<loops { start(group, index) }
        }
    }

    /// One loop has made its last call.
    public func loopEnded() {
        let done = remaining.withLock { state -> CheckedContinuation<Void, Never>? in
            state.count -= 1
            guard state.count == 0 else { return nil }
            defer { state.continuation = nil }
            return state.continuation
        }
        done?.resume()
    }
}
