// FirstAnswer.swift: hands the first of several racing results to an answer closure, and drops the rest.
import Synchronization

/// The answer of a race whose racers may finish on different threads: the first ``give(_:)``
/// calls `answer`, later ones do nothing. `answer` runs outside the lock.
final class FirstAnswer<Value: Sendable>: Sendable {
    private let answer: Mutex<(@Sendable (Value) -> Void)?>

    init(_ answer: @escaping @Sendable (Value) -> Void) {
        self.answer = Mutex(answer)
    }

    /// Answers with `value` if nothing has answered yet; returns whether it did.
    @discardableResult
    func give(_ value: Value) -> Bool {
        guard let answer = answer.withLock({ $0.take() }) else { return false }
        answer(value)
        return true
    }
}
