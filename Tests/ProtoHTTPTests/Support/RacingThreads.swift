// RacingThreads.swift: runs blocking racers (submitters, cancellers) on Dispatch threads without blocking the cooperative pool.
import Dispatch

/// Runs blocking work (threads that submit or cancel calls in a tight loop) on a Dispatch
/// thread, keeping the cooperative pool free for the other suites.
func offPool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(returning: work()) }
    }
}

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
