// DemoChecks.swift: the demo's own expectations: each step records what it checked; a failure is printed and counted.
import Synchronization

/// The checks the demo makes of its own story. A failed check prints `✗ <what>` at once; the
/// runner's exit status is nonzero when any failed.
final class DemoChecks: Sendable {
    private struct State {
        var passed = 0
        var failures: [String] = []
    }
    private let state = Mutex(State())
    private let output: DemoOutput

    init(output: DemoOutput) { self.output = output }

    /// Records `condition`; when it is false, prints and remembers `what` (what was expected).
    @discardableResult
    func expect(_ condition: Bool, _ what: @autoclosure () -> String) -> Bool {
        if condition {
            state.withLock { $0.passed += 1 }
        } else {
            fail("expected " + what())
        }
        return condition
    }

    /// Records a step that went wrong (an unexpected error, say).
    func fail(_ what: String) {
        state.withLock { $0.failures.append(what) }
        output.line("✗ " + what)
    }

    /// How many checks passed.
    var passed: Int { state.withLock { $0.passed } }
    /// What failed, in order.
    var failures: [String] { state.withLock { $0.failures } }
}
