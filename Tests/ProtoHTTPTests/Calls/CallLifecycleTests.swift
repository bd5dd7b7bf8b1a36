// CallLifecycleTests.swift: every transition of the pure call state machine, including the races.
import Testing
@testable import ProtoHTTP

@Suite("Call lifecycle state machine")
struct CallLifecycleTests {
    typealias Machine = CallLifecycle<Int>

    let cancelError = ProtoHTTPError(code: .canceled, message: "cancelled")
    let transportError = ProtoHTTPError(code: .unavailable, message: "refused")
    let deadlineError = ProtoHTTPError(code: .deadlineExceeded, message: "late")

    /// A short name for an action, to compare in expectations.
    func name(_ action: Machine.Action) -> String {
        switch action {
        case .none: "none"
        case .enqueue: "enqueue"
        case .startTransfer: "start"
        case .discardTransfer: "discard"
        case .fireSuccess(let value): "success(\(value))"
        case .fireFailure(let error, let abort): "failure(\(error.code.name),abort:\(abort))"
        }
    }

    func machine(at state: Machine.State) -> Machine {
        var m = Machine()
        switch state {
        case .idle: break
        case .submitted: _ = m.submit()
        case .inFlight: _ = m.submit(); _ = m.handedToTransport()
        case .finished(.succeeded): _ = m.submit(); _ = m.handedToTransport(); _ = m.receivedResponse(0)
        case .finished(.failed): _ = m.submit(); _ = m.handedToTransport(); _ = m.transportFailed(transportError)
        case .finished(.cancelled): _ = m.cancel(cancelError)
        }
        #expect(m.state == state)
        return m
    }

    // MARK: the happy path

    @Test func happyPathFiresStartThenSuccessOnce() {
        var m = Machine()
        #expect(m.state == .idle)
        #expect(!m.isFinished)
        #expect(name(m.submit()) == "enqueue")
        #expect(m.state == .submitted)
        #expect(name(m.handedToTransport()) == "start")
        #expect(m.state == .inFlight)
        #expect(name(m.receivedResponse(42)) == "success(42)")
        #expect(m.state == .finished(.succeeded))
        #expect(m.isFinished)
    }

    // MARK: each event from each state

    @Test(arguments: [
        (Machine.State.idle, "enqueue", Machine.State.submitted),
        (.submitted, "none", .submitted),
        (.inFlight, "none", .inFlight),
        (.finished(.succeeded), "none", .finished(.succeeded)),
        (.finished(.cancelled), "none", .finished(.cancelled)),
    ])
    func submit(from: Machine.State, action: String, to: Machine.State) {
        var m = machine(at: from)
        #expect(name(m.submit()) == action)
        #expect(m.state == to)
    }

    @Test(arguments: [
        (Machine.State.idle, "discard", Machine.State.idle),
        (.submitted, "start", .inFlight),
        (.inFlight, "none", .inFlight),
        (.finished(.succeeded), "discard", .finished(.succeeded)),
        (.finished(.failed), "discard", .finished(.failed)),
        (.finished(.cancelled), "discard", .finished(.cancelled)),
    ])
    func handedToTransport(from: Machine.State, action: String, to: Machine.State) {
        var m = machine(at: from)
        #expect(name(m.handedToTransport()) == action)
        #expect(m.state == to)
    }

    @Test(arguments: [
        (Machine.State.idle, "none", Machine.State.idle),
        (.submitted, "success(7)", .finished(.succeeded)),
        (.inFlight, "success(7)", .finished(.succeeded)),
        (.finished(.succeeded), "none", .finished(.succeeded)),
        (.finished(.failed), "none", .finished(.failed)),
        (.finished(.cancelled), "none", .finished(.cancelled)),
    ])
    func receivedResponse(from: Machine.State, action: String, to: Machine.State) {
        var m = machine(at: from)
        #expect(name(m.receivedResponse(7)) == action)
        #expect(m.state == to)
    }

    @Test(arguments: [
        (Machine.State.idle, "none", Machine.State.idle),
        (.submitted, "failure(unavailable,abort:false)", .finished(.failed)),
        (.inFlight, "failure(unavailable,abort:false)", .finished(.failed)),
        (.finished(.succeeded), "none", .finished(.succeeded)),
        (.finished(.failed), "none", .finished(.failed)),
        (.finished(.cancelled), "none", .finished(.cancelled)),
    ])
    func transportFailed(from: Machine.State, action: String, to: Machine.State) {
        var m = machine(at: from)
        #expect(name(m.transportFailed(transportError)) == action)
        #expect(m.state == to)
    }

    @Test(arguments: [
        (Machine.State.idle, "failure(deadline_exceeded,abort:false)", Machine.State.finished(.failed)),
        (.submitted, "failure(deadline_exceeded,abort:false)", .finished(.failed)),
        (.inFlight, "failure(deadline_exceeded,abort:true)", .finished(.failed)),
        (.finished(.succeeded), "none", .finished(.succeeded)),
        (.finished(.failed), "none", .finished(.failed)),
        (.finished(.cancelled), "none", .finished(.cancelled)),
    ])
    func timedOut(from: Machine.State, action: String, to: Machine.State) {
        var m = machine(at: from)
        #expect(name(m.timedOut(deadlineError)) == action)
        #expect(m.state == to)
    }

    @Test(arguments: [
        (Machine.State.idle, "failure(canceled,abort:false)", Machine.State.finished(.cancelled)),
        (.submitted, "failure(canceled,abort:false)", .finished(.cancelled)),
        (.inFlight, "failure(canceled,abort:true)", .finished(.cancelled)),
        (.finished(.succeeded), "none", .finished(.succeeded)),
        (.finished(.failed), "none", .finished(.failed)),
        (.finished(.cancelled), "none", .finished(.cancelled)),
    ])
    func cancel(from: Machine.State, action: String, to: Machine.State) {
        var m = machine(at: from)
        #expect(name(m.cancel(cancelError)) == action)
        #expect(m.state == to)
    }

    // MARK: races: whichever terminal event comes first wins, the rest do nothing

    @Test func cancelBeforeHandOffDiscardsTheTransfer() {
        var m = machine(at: .submitted)
        #expect(name(m.cancel(cancelError)) == "failure(canceled,abort:false)")
        #expect(name(m.handedToTransport()) == "discard")
        #expect(name(m.receivedResponse(1)) == "none")
        #expect(m.state == .finished(.cancelled))
    }

    @Test func cancelRacingAResponseThatWon() {
        var m = machine(at: .inFlight)
        #expect(name(m.receivedResponse(1)) == "success(1)")
        #expect(name(m.cancel(cancelError)) == "none")
        #expect(m.state == .finished(.succeeded))
    }

    @Test func responseRacingACancelThatWon() {
        var m = machine(at: .inFlight)
        #expect(name(m.cancel(cancelError)) == "failure(canceled,abort:true)")
        #expect(name(m.receivedResponse(1)) == "none")
        #expect(name(m.transportFailed(transportError)) == "none")
        #expect(m.state == .finished(.cancelled))
    }

    @Test func timeoutRacingCancelAndTransportError() {
        var m = machine(at: .inFlight)
        #expect(name(m.timedOut(deadlineError)) == "failure(deadline_exceeded,abort:true)")
        #expect(name(m.cancel(cancelError)) == "none")
        #expect(name(m.transportFailed(transportError)) == "none")
        #expect(name(m.receivedResponse(3)) == "none")
        #expect(m.state == .finished(.failed))
    }

    @Test func cancelBeforeSubmitNeverEnqueues() {
        var m = Machine()
        #expect(name(m.cancel(cancelError)) == "failure(canceled,abort:false)")
        #expect(name(m.submit()) == "none")
        #expect(name(m.handedToTransport()) == "discard")
        #expect(m.state == .finished(.cancelled))
    }

    @Test func doubleCancelFiresOnce() {
        var m = machine(at: .inFlight)
        #expect(name(m.cancel(cancelError)) == "failure(canceled,abort:true)")
        #expect(name(m.cancel(cancelError)) == "none")
    }

    /// Every order of the terminal events yields exactly one fire.
    @Test func everyOrderOfTerminalEventsFiresExactlyOnce() {
        let events: [(inout Machine) -> Machine.Action] = [
            { $0.receivedResponse(1) },
            { $0.transportFailed(transportError) },
            { $0.timedOut(deadlineError) },
            { $0.cancel(cancelError) },
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
            var m = machine(at: .inFlight)
            var fires = 0
            for index in order {
                switch events[index](&m) {
                case .fireSuccess, .fireFailure: fires += 1
                default: break
                }
            }
            #expect(fires == 1, "order \(order)")
            #expect(m.isFinished)
        }
    }
}
