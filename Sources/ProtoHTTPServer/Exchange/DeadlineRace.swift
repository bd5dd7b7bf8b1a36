// DeadlineRace.swift: runs a handler against a deadline and the caller's cancellation, answering on time.
import Dispatch
import Synchronization

/// The handler did not finish before its deadline.
struct DeadlinePassed: Error {}

enum DeadlineRace {
    /// Runs `operation` in its own task. It returns the operation's result, or throws
    /// ``DeadlinePassed`` as soon as `deadline` passes, or `CancellationError` as soon as the
    /// calling task is cancelled. Either way the operation's task is cancelled without waiting
    /// for it: a handler that ignores cancellation can hold back neither the response nor the
    /// connection's task once the client has gone.
    static func run<T: Sendable>(
        deadline: ContinuousClock.Instant?,
        _ operation: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        if let deadline, deadline <= .now { throw DeadlinePassed() }
        let outcome = FirstOutcome<T>()
        let work = Task { outcome.settle(await Result { try await operation() }) }
        // A Dispatch timer rather than a sleeping task: a cancelled `Task.sleep` keeps its memory
        // until its deadline, so each answered call would hold on to its timer for the whole
        // Connect-Timeout-Ms (tens of megabytes under load with minute-long client timeouts).
        let timer = deadline.map { deadline in
            let source = DispatchSource.makeTimerSource()
            source.setEventHandler { outcome.settle(.failure(DeadlinePassed())) }
            source.schedule(deadline: .now() + (deadline - .now).dispatchInterval)
            source.activate()
            return source
        }
        defer {
            timer?.cancel()
            work.cancel()
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { outcome.deliver(to: $0) }
        } onCancel: {
            outcome.settle(.failure(CancellationError()))
        }
    }
}

/// The first of several racing results, handed to one continuation whichever comes first:
/// the result or the continuation.
private final class FirstOutcome<T: Sendable>: Sendable {
    private enum Slot {
        case empty
        case waiting(CheckedContinuation<T, any Error>)
        case settled(Result<T, any Error>)
        case delivered
    }
    private let slot = Mutex(Slot.empty)

    /// Records `result` unless another came first, resuming the waiting continuation if any.
    func settle(_ result: Result<T, any Error>) {
        let waiting = slot.withLock { slot -> CheckedContinuation<T, any Error>? in
            switch slot {
            case .empty:
                slot = .settled(result)
                return nil
            case .waiting(let continuation):
                slot = .delivered
                return continuation
            case .settled, .delivered:
                return nil
            }
        }
        waiting?.resume(with: result)
    }

    /// Hands the result to `continuation` now if it is known, or when it is.
    func deliver(to continuation: CheckedContinuation<T, any Error>) {
        let ready = slot.withLock { slot -> Result<T, any Error>? in
            switch slot {
            case .empty:
                slot = .waiting(continuation)
                return nil
            case .settled(let result):
                slot = .delivered
                return result
            case .waiting, .delivered:
                return nil
            }
        }
        if let ready { continuation.resume(with: ready) }
    }
}

extension Result where Failure == any Error {
    /// The result of an async throwing body.
    init(catching body: () async throws -> Success) async {
        do { self = .success(try await body()) } catch { self = .failure(error) }
    }
}
