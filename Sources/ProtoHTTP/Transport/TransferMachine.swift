// TransferMachine.swift: the pure state machine of one transport call, whose states carry the delivery they still owe.
import ProtoHTTPCore


/// One ``TransportCall`` as a pure state machine: each event changes the state and returns the
/// ``Action`` the owner performs after releasing its lock. No I/O, no locks.
///
/// The states carry their payload: a call that has not finished holds its `Delivery` (the
/// queue and callbacks its result goes to), and a finished call holds nothing, so a delivery
/// cannot be used twice and its closures are released the moment the call ends.
///
/// ```
///  created ──submitted──► queued ──pickedUp──► transferring ──responded──────► finished(succeeded)
///     │                     │ ├──responded / transferFailed / engineRefused ─► finished(succeeded / failed)
///     │                     │ │                    └──transferFailed────────► finished(failed)
///     └──cancelled──────────┴─┴──cancelled─────────┴────────────────────────► finished(cancelled)
/// ```
///
/// Exactly one ``Action/deliver(_:to:abortTransfer:)`` is returned over a call's life, however
/// events race: the first terminal event wins, and every later one returns ``Action/none``.
struct TransferMachine<Delivery: Sendable, Success: Sendable>: Sendable {
    /// Where the call is, with what that state needs.
    enum State: Sendable {
        /// Made, not yet submitted.
        case created(Delivery)
        /// In the engine's inbox; the engine thread has not picked it up.
        case queued(Delivery)
        /// The engine started the transfer.
        case transferring(Delivery)
        /// Delivered; nothing more happens.
        case finished(Outcome)
    }

    /// How a finished call ended.
    enum Outcome: Equatable, Sendable {
        /// A response was delivered.
        case succeeded
        /// The transfer, its setup or the engine failed it.
        case failed
        /// The caller cancelled it.
        case cancelled
    }

    /// What the owner does after an event.
    enum Action: Sendable {
        /// Nothing: the event came too late or does not apply.
        case none
        /// Put the call in the engine's inbox.
        case enqueue
        /// Start the transfer, and tell the delivery's hand-off callback.
        case start(Delivery)
        /// The call ended before the engine reached it: start nothing, release its resources.
        case skipTransfer
        /// Deliver the result; with `abortTransfer`, also tell the engine to stop the transfer.
        case deliver(Result<Success, ProtoHTTPError>, to: Delivery, abortTransfer: Bool)
    }

    /// The current state.
    private(set) var state: State

    /// A call that will deliver through `delivery`.
    init(delivery: Delivery) {
        state = .created(delivery)
    }

    /// Whether the call has delivered its result.
    var isFinished: Bool {
        if case .finished = state { return true }
        return false
    }

    /// The delivery the call still owes, `nil` once it has finished.
    var delivery: Delivery? {
        switch state {
        case .created(let delivery), .queued(let delivery), .transferring(let delivery): delivery
        case .finished: nil
        }
    }

    /// The caller submitted the call.
    mutating func submitted() -> Action {
        guard case .created(let delivery) = state else { return .none }
        state = .queued(delivery)
        return .enqueue
    }

    /// The engine would not take the call (it is shutting down).
    mutating func engineRefused(_ error: ProtoHTTPError) -> Action {
        guard case .queued(let delivery) = state else { return .none }
        state = .finished(.failed)
        return .deliver(.failure(error), to: delivery, abortTransfer: false)
    }

    /// The engine thread picked the call up and is about to start its transfer.
    mutating func pickedUp() -> Action {
        switch state {
        case .queued(let delivery):
            state = .transferring(delivery)
            return .start(delivery)
        case .created, .finished:
            return .skipTransfer
        case .transferring:
            return .none
        }
    }

    /// The transfer completed with a response.
    mutating func responded(_ response: Success) -> Action {
        switch state {
        case .queued(let delivery), .transferring(let delivery):
            state = .finished(.succeeded)
            return .deliver(.success(response), to: delivery, abortTransfer: false)
        case .created, .finished:
            return .none
        }
    }

    /// The transfer, or its setup on the engine thread, failed; the engine has stopped it.
    mutating func transferFailed(_ error: ProtoHTTPError) -> Action {
        switch state {
        case .queued(let delivery), .transferring(let delivery):
            state = .finished(.failed)
            return .deliver(.failure(error), to: delivery, abortTransfer: false)
        case .created, .finished:
            return .none
        }
    }

    /// The caller cancelled the call; a transfer under way must be stopped, and a call the
    /// engine holds (waiting for a transfer slot) dropped.
    mutating func cancelled(_ error: ProtoHTTPError) -> Action {
        switch state {
        case .created(let delivery):
            state = .finished(.cancelled)
            return .deliver(.failure(error), to: delivery, abortTransfer: false)
        case .queued(let delivery):
            state = .finished(.cancelled)
            return .deliver(.failure(error), to: delivery, abortTransfer: true)
        case .transferring(let delivery):
            state = .finished(.cancelled)
            return .deliver(.failure(error), to: delivery, abortTransfer: true)
        case .finished:
            return .none
        }
    }
}

extension TransferMachine.State: Equatable where Delivery: Equatable {}
