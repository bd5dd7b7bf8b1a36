// CallMachineTests.swift: every transition of a manager call's state machine, the races included, and that a finished call holds nothing.
import Testing
@testable import ProtoHTTP
import ProtoHTTPCore

@Suite("Call state machine")
struct CallMachineTests {
    /// The sink is a String, a delivery an Int and a transfer a Character: which payload an
    /// action carries is what the tests check.
    typealias Machine = CallMachine<String, Int, Character>

    static let cancelError = ProtoHTTPError(code: .canceled, message: "cancelled")
    static let settleError = ProtoHTTPError(code: .unavailable, message: "refused")
    static let deadlineError = ProtoHTTPError(code: .deadlineExceeded, message: "late")
    static let prepareError = ProtoHTTPError(code: .invalidArgument, message: "bad input")

    /// The states, by name, for the parameterized tests.
    enum At: String, CaseIterable, Sendable {
        case created, started, attached, sending, succeeded, failed, expired, cancelled
    }

    /// A machine in `at`, with the sink "s" (and the transfer "t" from `attached` on).
    static func machine(_ at: At) -> Machine {
        var m = Machine(sink: "s")
        switch at {
        case .created: break
        case .started: _ = m.begin()
        case .attached: _ = m.begin(); _ = m.attach("t")
        case .sending: _ = m.begin(); _ = m.attach("t"); _ = m.handedOff()
        case .succeeded: _ = m.begin(); _ = m.settled(.success(1))
        case .failed: _ = m.begin(); _ = m.preparationFailed(prepareError)
        case .expired: _ = m.deadlinePassed(deadlineError)
        case .cancelled: _ = m.cancelled(cancelError)
        }
        return m
    }

    /// A short name for an action.
    static func name(_ action: Machine.Action) -> String {
        switch action {
        case .none: "none"
        case .proceed: "proceed"
        case .notifyCompletion(let sink): "completion(\(sink))"
        case .stopTransfer(let transfer): "stop(\(transfer))"
        case .deliver(.success(let value), let sink, let stopping): "success(\(value))→\(sink),stop:\(stopping.map(String.init) ?? "-")"
        case .deliver(.failure(let error), let sink, let stopping): "failure(\(error.message))→\(sink),stop:\(stopping.map(String.init) ?? "-")"
        }
    }

    /// A short name for a state.
    static func name(_ state: Machine.State) -> String {
        switch state {
        case .created(let sink): "created(\(sink))"
        case .started(let r): "started(\(r.sink),\(r.transfer.map(String.init) ?? "-"))"
        case .sending(let r): "sending(\(r.sink),\(r.transfer.map(String.init) ?? "-"))"
        case .finished(let outcome): "finished(\(outcome))"
        }
    }

    @Test("the happy path: begin, a transfer attached and handed off, one success; a finished call holds no sink")
    func happyPath() {
        var m = Machine(sink: "s")
        #expect(Self.name(m.begin()) == "proceed")
        #expect(Self.name(m.attach("t")) == "none")
        #expect(Self.name(m.handedOff()) == "completion(s)")
        #expect(Self.name(m.state) == "sending(s,t)" && m.sink == "s")
        #expect(Self.name(m.settled(.success(42))) == "success(42)→s,stop:-")
        #expect(Self.name(m.state) == "finished(succeeded)" && m.isFinished && m.sink == nil)
    }

    @Test("begin", arguments: [
        (At.created, "proceed", "started(s,-)"), (.started, "none", "started(s,-)"), (.sending, "none", "sending(s,t)"),
        (.succeeded, "none", "finished(succeeded)"), (.cancelled, "none", "finished(cancelled)"),
    ])
    func begin(at: At, action: String, to: String) {
        var m = Self.machine(at)
        #expect(Self.name(m.begin()) == action)
        #expect(Self.name(m.state) == to)
    }

    @Test("handedOff: only the first hand-off notifies completion (a retry's do not)", arguments: [
        (At.created, "none", "created(s)"), (.started, "completion(s)", "sending(s,-)"), (.attached, "completion(s)", "sending(s,t)"),
        (.sending, "none", "sending(s,t)"), (.succeeded, "none", "finished(succeeded)"), (.expired, "none", "finished(expired)"),
    ])
    func handedOff(at: At, action: String, to: String) {
        var m = Self.machine(at)
        #expect(Self.name(m.handedOff()) == action)
        #expect(Self.name(m.state) == to)
    }

    @Test("attach: a running call keeps the newest transfer; one that ended stops it", arguments: [
        (At.created, "stop(u)", "created(s)"), (.started, "none", "started(s,u)"), (.sending, "none", "sending(s,u)"),
        (.succeeded, "stop(u)", "finished(succeeded)"), (.cancelled, "stop(u)", "finished(cancelled)"),
    ])
    func attach(at: At, action: String, to: String) {
        var m = Self.machine(at)
        #expect(Self.name(m.attach("u")) == action)
        #expect(Self.name(m.state) == to)
    }

    @Test("settled with an output: delivered without stopping anything", arguments: [
        (At.created, "none", "created(s)"), (.started, "success(7)→s,stop:-", "finished(succeeded)"),
        (.sending, "success(7)→s,stop:-", "finished(succeeded)"), (.failed, "none", "finished(failed)"),
        (.cancelled, "none", "finished(cancelled)"),
    ])
    func settledSuccess(at: At, action: String, to: String) {
        var m = Self.machine(at)
        #expect(Self.name(m.settled(.success(7))) == action)
        #expect(Self.name(m.state) == to)
    }

    @Test("settled with an error: delivered, and the attached transfer is stopped", arguments: [
        (At.created, "none", "created(s)"), (.started, "failure(refused)→s,stop:-", "finished(failed)"),
        (.attached, "failure(refused)→s,stop:t", "finished(failed)"), (.sending, "failure(refused)→s,stop:t", "finished(failed)"),
        (.succeeded, "none", "finished(succeeded)"), (.expired, "none", "finished(expired)"),
    ])
    func settledFailure(at: At, action: String, to: String) {
        var m = Self.machine(at)
        #expect(Self.name(m.settled(.failure(Self.settleError))) == action)
        #expect(Self.name(m.state) == to)
    }

    @Test("preparationFailed: its own event, ending a call that sent nothing", arguments: [
        (At.created, "none", "created(s)"), (.started, "failure(bad input)→s,stop:-", "finished(failed)"),
        (.succeeded, "none", "finished(succeeded)"), (.cancelled, "none", "finished(cancelled)"),
    ])
    func preparationFailed(at: At, action: String, to: String) {
        var m = Self.machine(at)
        #expect(Self.name(m.preparationFailed(Self.prepareError)) == action)
        #expect(Self.name(m.state) == to)
    }

    @Test("deadlinePassed: from any unfinished state, stopping the transfer", arguments: [
        (At.created, "failure(late)→s,stop:-", "finished(expired)"), (.started, "failure(late)→s,stop:-", "finished(expired)"),
        (.sending, "failure(late)→s,stop:t", "finished(expired)"), (.succeeded, "none", "finished(succeeded)"),
        (.cancelled, "none", "finished(cancelled)"),
    ])
    func deadlinePassed(at: At, action: String, to: String) {
        var m = Self.machine(at)
        #expect(Self.name(m.deadlinePassed(Self.deadlineError)) == action)
        #expect(Self.name(m.state) == to)
    }

    @Test("cancelled: from any unfinished state, stopping the transfer", arguments: [
        (At.created, "failure(cancelled)→s,stop:-", "finished(cancelled)"), (.started, "failure(cancelled)→s,stop:-", "finished(cancelled)"),
        (.attached, "failure(cancelled)→s,stop:t", "finished(cancelled)"), (.sending, "failure(cancelled)→s,stop:t", "finished(cancelled)"),
        (.expired, "none", "finished(expired)"), (.cancelled, "none", "finished(cancelled)"),
    ])
    func cancelled(at: At, action: String, to: String) {
        var m = Self.machine(at)
        #expect(Self.name(m.cancelled(Self.cancelError)) == action)
        #expect(Self.name(m.state) == to)
    }

    @Test("progress goes to the sink of a running call, never backwards, and never after the outcome")
    func progress() {
        var m = Self.machine(.sending)
        let half = TransferProgress(direction: .download, completedBytes: 50, totalBytes: 100)
        let less = TransferProgress(direction: .download, completedBytes: 10, totalBytes: 100)
        #expect(m.admitProgress(half) == "s")
        #expect(m.admitProgress(less) == nil, "a retry starting over reports nothing until it passes the mark")
        _ = m.settled(.success(1))
        #expect(m.admitProgress(TransferProgress(direction: .download, completedBytes: 100, totalBytes: 100)) == nil)
    }

    /// Every order of the terminal events yields exactly one delivery.
    @Test("whatever order the terminal events race in, exactly one delivery", arguments: [At.created, .started, .sending])
    func everyOrderDeliversOnce(start: At) {
        let events: [(inout Machine) -> Machine.Action] = [
            { $0.settled(.success(1)) }, { $0.settled(.failure(Self.settleError)) }, { $0.preparationFailed(Self.prepareError) },
            { $0.deadlinePassed(Self.deadlineError) }, { $0.cancelled(Self.cancelError) },
        ]
        func permutations(_ items: [Int]) -> [[Int]] {
            guard items.count > 1 else { return [items] }
            return items.indices.flatMap { i -> [[Int]] in
                var rest = items
                let head = rest.remove(at: i)
                return permutations(rest).map { [head] + $0 }
            }
        }
        for order in permutations(Array(events.indices)) {
            var m = Self.machine(start)
            var deliveries = 0
            for index in order {
                if case .deliver = events[index](&m) { deliveries += 1 }
            }
            #expect(deliveries == 1, "order \(order)")
            #expect(m.isFinished && m.sink == nil)
        }
    }
}
