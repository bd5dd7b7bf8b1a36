// WaitUntil.swift: waiting for a condition a test needs, with a hang guard instead of a guessed duration.

/// How long a test waits for an event before it fails: a hang guard, not an estimate. Every
/// event a test waits for comes in well under a second on an idle machine; a loaded CI machine
/// (or a sanitizer) can stretch that many times, and a test must not fail for it. Only a hang
/// or a real failure to happen reaches this.
public let hangGuard: Duration = .seconds(60)

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
