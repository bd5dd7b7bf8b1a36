// SoakCounters.swift: calls answered and failed during the soak, and the first few failures' messages.
import Synchronization

/// Counters the soak's call loops bump from their callbacks and the sampler reads each minute.
final class SoakCounters: Sendable {
    private let answered = Atomic<Int>(0)
    private let failed = Atomic<Int>(0)
    private let firstFailures = Mutex<[String]>([])
    private let stopping = Atomic<Bool>(false)

    /// One call answered with the expected message.
    func succeeded() { answered.add(1, ordering: .relaxed) }

    /// One call failed; the first ten messages are kept for the report.
    func failed(_ message: String) {
        failed.add(1, ordering: .relaxed)
        firstFailures.withLock { if $0.count < 10 { $0.append(message) } }
    }

    /// Totals so far.
    var totals: (answered: Int, failed: Int) { (answered.load(ordering: .relaxed), failed.load(ordering: .relaxed)) }

    /// The first failures' messages.
    var failures: [String] { firstFailures.withLock { $0 } }

    /// Tells the loops to make no further call.
    func stop() { stopping.store(true, ordering: .relaxed) }

    /// Whether the loops should stop.
    var isStopping: Bool { stopping.load(ordering: .relaxed) }
}
