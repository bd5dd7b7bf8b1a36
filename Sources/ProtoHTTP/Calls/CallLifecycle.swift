// CallLifecycle.swift: the pure state machine of one call; events in, actions out, no I/O.

/// The lifecycle of one call as a pure state machine: each event method changes the state and
/// returns the ``Action`` its caller must perform. It does no I/O and takes no locks; the owner
/// keeps it behind a lock, applies one event under the lock and performs the action after.
///
/// Both layers of a call run this one machine: ``TransportCall`` for one transfer (events from
/// the engine thread), and ``CallHandle`` for a whole manager call (events from the transport's
/// hand-off and result, the settle stage, the deadline timer and `cancel()`). A manager call
/// that an interceptor retries stays `inFlight` across its transfers.
///
/// ```
///  idle ──submit──► submitted ──handedToTransport──► inFlight ──receivedResponse──► succeeded
///   │                   │  ├──receivedResponse (no transfer) ─────────────────────► succeeded
///   │                   │  └──transportFailed──┐        │  └─transportFailed/timedOut─► failed
///   │                   └──timedOut────────────┴──────► failed
///   └─────cancel────────┴──────────cancel──────────────┴──────────────────────────► cancelled
/// ```
///
/// Exactly one of ``Action/fireSuccess(_:)`` or ``Action/fireFailure(_:abortTransfer:)`` is
/// returned over a call's life, however events race: the first terminal event wins and every
/// later one returns ``Action/none``.
struct CallLifecycle<Success: Sendable>: Sendable {
    /// Where the call is.
    enum State: Equatable, Sendable {
        /// Created, not yet submitted.
        case idle
        /// Queued for the transport thread, which has not picked it up yet.
        case submitted
        /// The transport started the transfer.
        case inFlight
        /// Finished; nothing fires any more.
        case finished(Outcome)
    }

    /// How a finished call ended.
    enum Outcome: Equatable, Sendable {
        /// A response arrived and was delivered.
        case succeeded
        /// The transport or a deadline failed it.
        case failed
        /// The caller cancelled it.
        case cancelled
    }

    /// What the owner must do after an event.
    enum Action: Sendable {
        /// Nothing: the event came too late or did not apply.
        case none
        /// Put the call on the transport's submission queue.
        case enqueue
        /// Start the transfer and fire the "handed to transport" callback.
        case startTransfer
        /// The call already ended; do not start a transfer for it (and release its resources).
        case discardTransfer
        /// Deliver the response.
        case fireSuccess(Success)
        /// Deliver the error; when `abortTransfer` is set, also tell the transport to stop it.
        case fireFailure(ProtoHTTPError, abortTransfer: Bool)
    }

    /// The current state.
    private(set) var state: State = .idle

    /// Whether the call reached a terminal state.
    var isFinished: Bool {
        if case .finished = state { return true }
        return false
    }

    /// The caller submits the call.
    mutating func submit() -> Action {
        guard state == .idle else { return .none }
        state = .submitted
        return .enqueue
    }

    /// The transport thread picked the call up and is ready to start it.
    mutating func handedToTransport() -> Action {
        switch state {
        case .submitted:
            state = .inFlight
            return .startTransfer
        case .finished, .idle:
            return .discardTransfer
        case .inFlight:
            return .none
        }
    }

    /// A complete response arrived. From `submitted` too: a manager call whose interceptor
    /// answers without the transport (a cache, say) is never handed to it.
    mutating func receivedResponse(_ response: Success) -> Action {
        switch state {
        case .submitted, .inFlight:
            state = .finished(.succeeded)
            return .fireSuccess(response)
        case .idle, .finished:
            return .none
        }
    }

    /// The transport failed the call (before or during the transfer); it has already stopped it.
    mutating func transportFailed(_ error: ProtoHTTPError) -> Action {
        switch state {
        case .submitted, .inFlight:
            state = .finished(.failed)
            return .fireFailure(error, abortTransfer: false)
        case .idle, .finished:
            return .none
        }
    }

    /// A deadline kept outside the transport passed.
    mutating func timedOut(_ error: ProtoHTTPError) -> Action {
        switch state {
        case .idle, .submitted:
            state = .finished(.failed)
            return .fireFailure(error, abortTransfer: false)
        case .inFlight:
            state = .finished(.failed)
            return .fireFailure(error, abortTransfer: true)
        case .finished:
            return .none
        }
    }

    /// The caller cancels the call.
    mutating func cancel(_ error: ProtoHTTPError) -> Action {
        switch state {
        case .idle, .submitted:
            state = .finished(.cancelled)
            return .fireFailure(error, abortTransfer: false)
        case .inFlight:
            state = .finished(.cancelled)
            return .fireFailure(error, abortTransfer: true)
        case .finished:
            return .none
        }
    }
}
