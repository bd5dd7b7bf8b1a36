// DeadlineRace.swift: runs a handler as a child task against a deadline and cancellation, answering on time.
import Dispatch
import Synchronization

/// The handler did not finish before its deadline.
struct DeadlinePassed: Error {}

enum DeadlineRace {
    /// Runs `operation` as a child of the calling task and hands `answer` the first of: the
    /// operation's result, ``DeadlinePassed`` once `deadline` passes, or `CancellationError`
    /// once the calling task is cancelled. When the deadline or the cancellation comes first,
    /// the operation is cancelled at once; `run` returns when the operation has returned.
    ///
    /// So the answer goes out on time even when a handler ignores cancellation, and the handler
    /// still stays inside the calling task, where a closed connection or shutdown can see and
    /// cancel it.
    static func run<T: Sendable>(
        deadline: ContinuousClock.Instant?,
        _ operation: @escaping @Sendable () async throws -> T,
        answer: (Result<T, any Error>) -> Void
    ) async {
        if let deadline, deadline <= .now {
            answer(.failure(DeadlinePassed()))
            return
        }
        let outcome = FirstOutcome<T>()
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
        await withTaskCancellationHandler {
            await withDiscardingTaskGroup { group in
                group.addTask { outcome.settle(await Result { try await operation() }) }
                let first = await withCheckedContinuation { outcome.deliver(to: $0) }
                timer?.cancel()
                answer(first)
                group.cancelAll()
            }
        } onCancel: {
            outcome.settle(.failure(CancellationError()))
        }
    }
}

/// The first of several racing results, handed to one continuation whichever comes first:
/// the result or the continuation.
private final class FirstOutcome<T: Sendable>: Sendable {
    typealias Waiter = CheckedContinuation<Result<T, any Error>, Never>

    private enum Slot {
        case empty
        case waiting(Waiter)
        case settled(Result<T, any Error>)
        case delivered
    }
    private let slot = Mutex(Slot.empty)

    /// Records `result` unless another came first, resuming the waiting continuation if any.
    func settle(_ result: Result<T, any Error>) {
        let waiting = slot.withLock { slot -> Waiter? in
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
        waiting?.resume(returning: result)
    }

    /// Hands the result to `continuation` now if it is known, or when it is.
    func deliver(to continuation: Waiter) {
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
        if let ready { continuation.resume(returning: ready) }
    }
}

extension Result where Failure == any Error {
    /// The result of an async throwing body.
    init(catching body: () async throws -> Success) async {
        do { self = .success(try await body()) } catch { self = .failure(error) }
    }
}
