// DeadlineRace.swift: runs a handler against its deadline and cancellation, answering on time.
import ProtoHTTPCore

/// The handler did not finish before its deadline.
struct DeadlinePassed: Error {}

enum DeadlineRace {
    /// Runs `operation` in or under the calling task and hands `answer` the first of: the
    /// operation's result, ``DeadlinePassed`` once `deadline` passes, or `CancellationError`
    /// once the calling task is cancelled. When the deadline or the cancellation comes first,
    /// the answer goes out at once and the operation is cancelled; `run` returns when the
    /// operation has returned.
    ///
    /// So the answer goes out on time even when a handler ignores cancellation, and the handler
    /// still stays inside the calling task, where a closed connection or shutdown can see and
    /// cancel it. `answer` runs on the thread of whichever comes first: the task's, the
    /// deadline timer's (`timers` arms it), or the canceller's.
    ///
    /// With `canceller` (a handle on the calling task itself), a timed operation runs in the
    /// calling task too, and the deadline, once it has answered, cancels that whole task; the
    /// caller must have nothing left to do after `run` that a cancellation would disturb.
    static func run<T: Sendable>(
        deadline: ContinuousClock.Instant?,
        timers: DeadlineTimers = .dispatch,
        canceller: RequestTaskCanceller? = nil,
        _ operation: @escaping @Sendable () async throws -> T,
        answer: @escaping @Sendable (Result<T, any Error>) -> Void
    ) async {
        guard let deadline else {
            await runUntimed(operation, answer: FirstAnswer(answer))
            return
        }
        if deadline <= .now {
            answer(.failure(DeadlinePassed()))
            return
        }
        // The handler's calls see the deadline (and get at most what is left of it).
        await HandlerDeadline.$current.withValue(deadline) {
            if let canceller {
                await runTimedInPlace(deadline: deadline, timers: timers, canceller: canceller, operation, answer: FirstAnswer(answer))
            } else {
                await runTimed(deadline: deadline, timers: timers, operation, answer: FirstAnswer(answer))
            }
        }
    }

    /// A timed operation in the calling task: the deadline answers, then cancels the calling
    /// task through `canceller` (a timer that fires after the answer does nothing).
    private static func runTimedInPlace<T: Sendable>(
        deadline: ContinuousClock.Instant,
        timers: DeadlineTimers,
        canceller: RequestTaskCanceller,
        _ operation: @escaping @Sendable () async throws -> T,
        answer: FirstAnswer<Result<T, any Error>>
    ) async {
        let timer = timers.schedule(at: deadline) {
            if answer.give(.failure(DeadlinePassed())) { canceller.cancel() }
        }
        await runUntimed(operation, answer: answer)
        timer.cancel()
    }

    /// Without a deadline the operation runs in the calling task itself: no child task, and
    /// no extra trip through the executor. A cancellation answers from the canceller's thread
    /// and reaches the operation as the task's own cancellation.
    private static func runUntimed<T: Sendable>(
        _ operation: @escaping @Sendable () async throws -> T,
        answer: FirstAnswer<Result<T, any Error>>
    ) async {
        await withTaskCancellationHandler {
            _ = answer.give(await Result { try await operation() })
        } onCancel: {
            answer.give(.failure(CancellationError()))
        }
    }

    /// With a deadline the operation runs as a child task, so the deadline can cancel it
    /// without cancelling the request task that owns it.
    private static func runTimed<T: Sendable>(
        deadline: ContinuousClock.Instant,
        timers: DeadlineTimers,
        _ operation: @escaping @Sendable () async throws -> T,
        answer: FirstAnswer<Result<T, any Error>>
    ) async {
        let outcome = ContinuationBridge<Result<T, any Error>>()  // the first of the racers wins
        // A timer rather than a sleeping task: a cancelled `Task.sleep` keeps its memory until
        // its deadline, so each answered call would hold on to its timer for the whole
        // Connect-Timeout-Ms (tens of megabytes under load with minute-long client timeouts).
        let timer = timers.schedule(at: deadline) { outcome.resume(.failure(DeadlinePassed())) }
        await withTaskCancellationHandler {
            await withDiscardingTaskGroup { group in
                group.addTask { outcome.resume(await Result { try await operation() }) }
                let first = await outcome.wait()
                timer.cancel()
                answer.give(first)
                group.cancelAll()
            }
        } onCancel: {
            outcome.resume(.failure(CancellationError()))
        }
    }
}

extension Result where Failure == any Error {
    /// The result of an async throwing body.
    init(catching body: () async throws -> Success) async {
        do { self = .success(try await body()) } catch { self = .failure(error) }
    }
}
