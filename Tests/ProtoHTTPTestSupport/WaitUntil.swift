// WaitUntil.swift: waiting for a condition a test needs, with a hang guard instead of a guessed duration.

/// How long a test waits for an event before it fails: a hang guard, not an estimate, in
/// minutes (``hangGuardMinutes``, for `.timeLimit`) and as a `Duration` (``hangGuard``).
///
/// Every event a test waits for comes in well under a second on an idle machine. What it must
/// outlast is the test runner's own queue: all tests start at once on the cooperative pool
/// (two threads here), so a step that needs a new task to run can wait behind every CPU-bound
/// codec test still queued, over a minute on a loaded two-core machine (seen: 60 s was not
/// enough), several under a sanitizer. Only a hang or a real failure to happen reaches this.
public let hangGuardMinutes = 5 * Sanitizer.slowdown

/// ``hangGuardMinutes`` as a `Duration`.
public let hangGuard: Duration = .seconds(60 * hangGuardMinutes)

/// Waits until `condition` holds, checking it every 5 ms (the poll interval, not a guess at how
/// long the event takes), for at most `timeout`; returns whether it held.
@discardableResult
public func waitUntil(timeout: Duration = hangGuard, _ condition: () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(5))
    }
    return condition()
}
