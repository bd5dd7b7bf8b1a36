// OffThePool.swift: runs a blocking test body on a Dispatch thread, so it does not hold a thread of the cooperative pool.
import Dispatch

/// Runs `body` on a global Dispatch queue and waits for it without blocking.
///
/// These tests build the conformance testee (`swift build`, once, tens of seconds on a fresh
/// clone) and drive it and Python through pipes: synchronous work. Run on the cooperative pool,
/// which has one thread per core, every test waiting for the one-time build held a thread, and
/// all other suites' async tests (and their wall-clock bounds) stalled for as long.
func offThePool(_ body: @escaping @Sendable () throws -> Void) async throws {
    try await withCheckedThrowingContinuation { (done: CheckedContinuation<Void, any Error>) in
        DispatchQueue.global().async { done.resume(with: Result { try body() }) }
    }
}
