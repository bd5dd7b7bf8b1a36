// OffPool.swift: runs blocking test work (pipes to a child, racing threads) on a Dispatch thread instead of the cooperative pool.
import Dispatch

/// Runs blocking `work` on a global Dispatch queue and waits for it without blocking.
///
/// The cooperative pool has one thread per core (two here): a test that reads a child's pipe,
/// waits on a semaphore or spins racing threads on it stalls every other suite's async tests
/// for as long. A closure that cannot throw makes this call non-throwing.
public func offPool<T: Sendable, E: Error>(_ work: @escaping @Sendable () throws(E) -> T) async throws(E) -> T {
    let result: Result<T, E> = await withCheckedContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(returning: Result { () throws(E) -> T in try work() }) }
    }
    return try result.get()
}
