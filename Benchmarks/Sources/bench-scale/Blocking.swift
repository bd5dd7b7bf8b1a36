// Blocking.swift: running blocking work (a child's output, a socket loop) on a Dispatch thread, off the cooperative pool.
import Dispatch

/// The cooperative pool has one thread per core (two here): a blocked one halves the client's
/// and the callbacks' CPU, so blocking waits go to a Dispatch thread and are awaited.
enum Blocking {
    /// Runs `body` on a global Dispatch queue and returns (or throws) what it did.
    static func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try body() })
            }
        }
    }
}
