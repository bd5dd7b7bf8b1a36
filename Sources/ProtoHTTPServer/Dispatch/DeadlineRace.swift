// DeadlineRace.swift: runs a handler against a deadline and the caller's cancellation, answering on time.
import Synchronization

/// The handler did not finish before its deadline.
struct DeadlinePassed: Error {}

enum DeadlineRace {
    /// Runs `operation` in its own task. It returns the operation's result, or throws
    /// ``DeadlinePassed`` as soon as `deadline` passes (cancelling the operation's task without
    /// waiting for it: a handler that ignores cancellation cannot hold the response back).
    /// Cancelling the calling task cancels the operation too.
    static func run<T: Sendable>(
        deadline: ContinuousClock.Instant?,
        _ operation: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        guard let deadline else {
            let task = Task { try await operation() }
            return try await withTaskCancellationHandler { try await task.value } onCancel: { task.cancel() }
        }
        if deadline <= .now { throw DeadlinePassed() }
        let once = Mutex<CheckedContinuation<T, any Error>?>(nil)
        let resume: @Sendable (Result<T, any Error>) -> Void = { result in
            once.withLock { continuation in
                continuation?.resume(with: result)
                continuation = nil
            }
        }
        let work = Task { resume(await Result { try await operation() }) }
        let timer = Task {
            try? await Task.sleep(until: deadline, clock: .continuous)
            if !Task.isCancelled {
                resume(.failure(DeadlinePassed()))
                work.cancel()
            }
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                once.withLock { $0 = continuation }
                // The operation may have finished before the continuation was stored.
                if work.isCancelled { work.cancel() }
            }
        } onCancel: {
            work.cancel()
            timer.cancel()
            resume(.failure(CancellationError()))
        }
    }
}

extension Result where Failure == any Error {
    /// The result of an async throwing body.
    init(catching body: () async throws -> Success) async {
        do { self = .success(try await body()) } catch { self = .failure(error) }
    }
}
