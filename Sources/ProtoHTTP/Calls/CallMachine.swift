// CallMachine.swift: the pure state machine of one manager call, whose states carry the callbacks and transfer they hold.
import ProtoHTTPCore


/// One ``CallHandle`` as a pure state machine: each event changes the state and returns the
/// ``Action`` the handle performs after releasing its lock. No I/O, no locks.
///
/// The states carry their payload: a call that has not finished holds its `Sink` (the
/// callbacks and queue it reports to) and, once a transfer is under way, that transfer; a
/// finished call holds nothing, so no callback can run twice and every capture is released by
/// the transition that delivers. Its events come from everywhere: the call's pipeline (begin,
/// preparation failed, settled), the transport (handed off, a transfer attached), the deadline
/// timer and `cancel()`.
///
/// ```
///  created ──begin──► started ──handedOff──► sending ──settled──────────────► succeeded / failed
///     │                 │ ├──preparationFailed ───────────────────────────► failed
///     │                 │ └──settled (a stage answered, nothing sent) ─────► succeeded / failed
///     └──deadlinePassed / cancelled from any state not finished ──────────► expired / cancelled
/// ```
///
/// Exactly one ``Action/deliver(_:to:stopping:)`` is returned over a call's life, however events
/// race: the first terminal event wins, and every later one returns ``Action/none``. A retried
/// call stays `sending` across its transfers; only the first hand-off notifies `completion`.
///
/// Generic over what it holds so the tests can drive it with plain values; the handle runs
/// `CallMachine<CallHandle.Sink, CallHandle.Delivery, any ClientTransportCall>`.
struct CallMachine<Sink: Sendable, Delivery: Sendable, Transfer: Sendable>: Sendable {
    /// What a call that has begun holds.
    struct Running: Sendable {
        /// Where its callbacks go.
        var sink: Sink
        /// The transfer under way, stopped if the call fails first.
        var transfer: Transfer?
        /// The furthest progress reported, so reports never go back across transfers.
        var progressMark = ProgressHighWater()
    }

    /// Where the call is, with what that state needs.
    enum State: Sendable {
        /// Made; its pipeline has not begun.
        case created(Sink)
        /// Begun: preparing, in its stages or interceptors; nothing handed to the transport yet.
        case started(Running)
        /// A transfer was handed to the transport (and `completion` notified).
        case sending(Running)
        /// Delivered; nothing more happens.
        case finished(Outcome)
    }

    /// How a finished call ended.
    enum Outcome: Equatable, Sendable {
        /// The output was delivered.
        case succeeded
        /// Preparation, a stage, the transport or settling failed it.
        case failed
        /// Its deadline passed.
        case expired
        /// The caller cancelled it.
        case cancelled
    }

    /// What the handle does after an event.
    enum Action: Sendable {
        /// Nothing: the event came too late or does not apply.
        case none
        /// The call has begun: run its pipeline.
        case proceed
        /// The first transfer was handed off: run the sink's `completion`.
        case notifyCompletion(Sink)
        /// A transfer arrived for a call that already ended: stop it.
        case stopTransfer(Transfer)
        /// Deliver the outcome to the sink, after stopping `stopping` (a transfer cut short).
        case deliver(Result<Delivery, ProtoHTTPError>, to: Sink, stopping: Transfer?)
    }

    /// The current state.
    private(set) var state: State

    /// A call that will report to `sink`.
    init(sink: Sink) {
        state = .created(sink)
    }

    /// Whether the call has delivered its outcome.
    var isFinished: Bool {
        if case .finished = state { return true }
        return false
    }

    /// The sink of a call that has begun and not finished.
    var sink: Sink? {
        switch state {
        case .started(let running), .sending(let running): running.sink
        case .created, .finished: nil
        }
    }

    /// The pipeline begins the call.
    mutating func begin() -> Action {
        guard case .created(let sink) = state else { return .none }
        state = .started(Running(sink: sink))
        return .proceed
    }

    /// A transfer was handed to the transport.
    mutating func handedOff() -> Action {
        guard case .started(let running) = state else { return .none }
        state = .sending(running)
        return .notifyCompletion(running.sink)
    }

    /// A transfer of the call started; it is stopped if the call ends first.
    mutating func attach(_ transfer: Transfer) -> Action {
        switch state {
        case .started(var running):
            running.transfer = transfer
            state = .started(running)
            return .none
        case .sending(var running):
            running.transfer = transfer
            state = .sending(running)
            return .none
        case .created, .finished:
            return .stopTransfer(transfer)
        }
    }

    /// Whether a progress report may go to the sink (the call runs, and the report does not go
    /// back behind one already delivered); if so, the sink it goes to.
    mutating func admitProgress(_ progress: TransferProgress) -> Sink? {
        switch state {
        case .started(var running):
            guard running.progressMark.admit(progress) else { return nil }
            state = .started(running)
            return running.sink
        case .sending(var running):
            guard running.progressMark.admit(progress) else { return nil }
            state = .sending(running)
            return running.sink
        case .created, .finished:
            return nil
        }
    }

    /// The call's outcome arrived: settled from a response or a transport failure, or given by
    /// a stage (a cached answer) without any transfer.
    mutating func settled(_ outcome: Result<Delivery, ProtoHTTPError>) -> Action {
        switch state {
        case .started(let running), .sending(let running):
            switch outcome {
            case .success:
                state = .finished(.succeeded)
                return .deliver(outcome, to: running.sink, stopping: nil)
            case .failure:
                state = .finished(.failed)
                return .deliver(outcome, to: running.sink, stopping: running.transfer)
            }
        case .created, .finished:
            return .none
        }
    }

    /// Preparing the call failed (its options or input): nothing was sent.
    mutating func preparationFailed(_ error: ProtoHTTPError) -> Action {
        switch state {
        case .started(let running), .sending(let running):
            state = .finished(.failed)
            return .deliver(.failure(error), to: running.sink, stopping: running.transfer)
        case .created, .finished:
            return .none
        }
    }

    /// The call's deadline passed.
    mutating func deadlinePassed(_ error: ProtoHTTPError) -> Action {
        end(as: .expired, error)
    }

    /// The caller cancelled the call.
    mutating func cancelled(_ error: ProtoHTTPError) -> Action {
        end(as: .cancelled, error)
    }

    /// Ends a call that has not finished, in whatever state, stopping its transfer.
    private mutating func end(as outcome: Outcome, _ error: ProtoHTTPError) -> Action {
        switch state {
        case .created(let sink):
            state = .finished(outcome)
            return .deliver(.failure(error), to: sink, stopping: nil)
        case .started(let running), .sending(let running):
            state = .finished(outcome)
            return .deliver(.failure(error), to: running.sink, stopping: running.transfer)
        case .finished:
            return .none
        }
    }
}
