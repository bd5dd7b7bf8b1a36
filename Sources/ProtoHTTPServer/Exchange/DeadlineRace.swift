// DeadlineRace.swift: runs a handler as a child task against a deadline and cancellation, answering on time.
import Dispatch

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
        let outcome = ContinuationBridge<Result<T, any Error>>()  // the first of the racers wins
        // A Dispatch timer rather than a sleeping task: a cancelled `Task.sleep` keeps its memory
        // until its deadline, so each answered call would hold on to its timer for the whole
        // Connect-Timeout-Ms (tens of megabytes under load with minute-long client timeouts).
        let timer = deadline.map { deadline in
            let source = DispatchSource.makeTimerSource()
            source.setEventHandler { outcome.resume(.failure(DeadlinePassed())) }
            source.schedule(deadline: .now() + (deadline - .now).dispatchInterval)
            source.activate()
            return source
        }
        await withTaskCancellationHandler {
            await withDiscardingTaskGroup { group in
                group.addTask { outcome.resume(await Result { try await operation() }) }
                let first = await outcome.wait()
                timer?.cancel()
                answer(first)
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
