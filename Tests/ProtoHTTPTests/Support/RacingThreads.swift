// RacingThreads.swift: runs blocking racers (submitters, cancellers) on Dispatch threads without blocking the cooperative pool.
import Dispatch

/// Runs `workers` on their own Dispatch threads at once and returns when all have ended,
/// without blocking the cooperative pool.
func runConcurrently(_ workers: [@Sendable () -> Void]) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let group = DispatchGroup()
        for worker in workers {
            DispatchQueue.global().async(group: group, execute: worker)
        }
        group.notify(queue: .global()) { continuation.resume() }
    }
}
