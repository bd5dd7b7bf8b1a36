// CallOutcomes.swift: the locked count of a batch of calls made at once, and a bounded wait until all have ended.
import Synchronization

/// How a batch of `expected` calls ended so far; every callback reports here.
final class CallOutcomes: Sendable {
    /// The counts at one moment.
    struct Counts: Sendable {
        /// Calls that succeeded with the expected response.
        var succeeded = 0
        /// Calls that failed or got another response, and the first one's description.
        var failed = 0
        var firstFailure: String?
    }

    /// How many calls the batch makes.
    let expected: Int
    private let counts = Mutex(Counts())

    /// A batch of `expected` calls.
    init(expected: Int) { self.expected = expected }

    /// One call succeeded.
    func succeeded() { counts.withLock { $0.succeeded += 1 } }

    /// One call failed with `description`.
    func failed(_ description: String) {
        counts.withLock { counts in
            counts.failed += 1
            if counts.firstFailure == nil { counts.firstFailure = description }
        }
    }

    /// The counts now.
    var now: Counts { counts.withLock { $0 } }

    /// Waits until every call has ended or `timeout` has passed (checking every 10 ms); the counts then.
    func waitForAll(timeout: Duration) async -> Counts {
        let deadline = ContinuousClock.now + timeout
        while true {
            let counts = now
            if counts.succeeded + counts.failed >= expected || ContinuousClock.now >= deadline { return counts }
            try? await Task.sleep(for: .milliseconds(10))
        }
    }
}
