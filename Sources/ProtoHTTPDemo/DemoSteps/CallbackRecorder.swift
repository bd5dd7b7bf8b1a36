// CallbackRecorder.swift: records which of completion, success and failure fired, in order, for the callback step.
import ProtoHTTP
import Synchronization
import ProtoHTTPCore

/// The callbacks of one call, in the order they ran. ``finish(_:)`` hands the events over
/// once success or failure has run.
final class CallbackRecorder: Sendable {
    /// One callback that ran: its name and what it received.
    struct Event: Sendable, Equatable {
        var name: String
        var detail: String
    }

    private struct State {
        var events: [Event] = []
        var onFinish: (@Sendable ([Event]) -> Void)?
    }
    private let state: Mutex<State>

    /// A recorder that calls `onFinish` with the events when success or failure has run.
    init(onFinish: @escaping @Sendable ([Event]) -> Void) {
        state = Mutex(State(onFinish: onFinish))
    }

    /// The `completion:` callback.
    func completion() {
        record(Event(name: "completion", detail: "the request was handed to the transport"), finishing: false)
    }

    /// The `success:` callback, with what it received.
    func success(_ detail: String) {
        record(Event(name: "success", detail: detail), finishing: true)
    }

    /// The `failure:` callback.
    func failure(_ error: ProtoHTTPError) {
        record(Event(name: "failure", detail: DemoFormat.error(error)), finishing: true)
    }

    private func record(_ event: Event, finishing: Bool) {
        let (events, onFinish) = state.withLock { state -> ([Event], (@Sendable ([Event]) -> Void)?) in
            state.events.append(event)
            guard finishing else { return ([], nil) }
            defer { state.onFinish = nil }
            return (state.events, state.onFinish)
        }
        onFinish?(events)
    }
}
