// TransferMachineTests.swift: every transition of a transport call's state machine, the races included, and that a finished call holds no delivery.
import Testing
@testable import ProtoHTTP
import ProtoHTTPCore

@Suite("Transfer state machine")
struct TransferMachineTests {
    /// The delivery is an Int here: which delivery an action carries is what the tests check.
    typealias Machine = TransferMachine<Int, String>

    static let cancelError = ProtoHTTPError(code: .canceled, message: "cancelled")
    static let transferError = ProtoHTTPError(code: .unavailable, message: "refused")
    static let shutDown = ProtoHTTPError(code: .unavailable, message: "shut down")

    /// The states, by name, for the parameterized tests.
    enum At: String, CaseIterable, Sendable {
        case created, queued, transferring, succeeded, failed, cancelled
    }

    /// A machine in `at`, delivering through 7.
    static func machine(_ at: At) -> Machine {
        var m = Machine(delivery: 7)
        switch at {
        case .created: break
        case .queued: _ = m.submitted()
        case .transferring: _ = m.submitted(); _ = m.pickedUp()
        case .succeeded: _ = m.submitted(); _ = m.pickedUp(); _ = m.responded("ok")
        case .failed: _ = m.submitted(); _ = m.pickedUp(); _ = m.transferFailed(transferError)
        case .cancelled: _ = m.cancelled(cancelError)
        }
        return m
    }

    /// A short name for an action.
    static func name(_ action: Machine.Action) -> String {
        switch action {
        case .none: "none"
        case .enqueue: "enqueue"
        case .start(let delivery): "start(\(delivery))"
        case .skipTransfer: "skip"
        case .deliver(.success(let value), let delivery, let abort): "success(\(value))→\(delivery),abort:\(abort)"
        case .deliver(.failure(let error), let delivery, let abort): "failure(\(error.message))→\(delivery),abort:\(abort)"
        }
    }

    /// A short name for a state.
    static func name(_ state: Machine.State) -> String {
        switch state {
        case .created(let d): "created(\(d))"
        case .queued(let d): "queued(\(d))"
        case .transferring(let d): "transferring(\(d))"
        case .finished(let outcome): "finished(\(outcome))"
        }
    }

    @Test("the happy path: enqueue, start with the delivery, one success; the finished state holds no delivery")
    func happyPath() {
        var m = Machine(delivery: 7)
        #expect(m.delivery == 7 && !m.isFinished)
        #expect(Self.name(m.submitted()) == "enqueue")
        #expect(m.state == .queued(7))
        #expect(Self.name(m.pickedUp()) == "start(7)")
        #expect(m.state == .transferring(7))
        #expect(Self.name(m.responded("ok")) == "success(ok)→7,abort:false")
        #expect(m.state == .finished(.succeeded) && m.isFinished && m.delivery == nil)
    }

    @Test("submitted", arguments: [
        (At.created, "enqueue", "queued(7)"), (.queued, "none", "queued(7)"), (.transferring, "none", "transferring(7)"),
        (.succeeded, "none", "finished(succeeded)"), (.failed, "none", "finished(failed)"), (.cancelled, "none", "finished(cancelled)"),
    ])
    func submitted(at: At, action: String, to: String) {
        var m = Self.machine(at)
        #expect(Self.name(m.submitted()) == action)
        #expect(Self.name(m.state) == to)
    }

    @Test("engineRefused: only a queued call, which fails without an abort", arguments: [
        (At.created, "none", "created(7)"), (.queued, "failure(shut down)→7,abort:false", "finished(failed)"),
        (.transferring, "none", "transferring(7)"), (.succeeded, "none", "finished(succeeded)"), (.cancelled, "none", "finished(cancelled)"),
    ])
    func engineRefused(at: At, action: String, to: String) {
        var m = Self.machine(at)
        #expect(Self.name(m.engineRefused(Self.shutDown)) == action)
        #expect(Self.name(m.state) == to)
    }

    @Test("pickedUp: a call that ended first is skipped, never started", arguments: [
        (At.created, "skip", "created(7)"), (.queued, "start(7)", "transferring(7)"), (.transferring, "none", "transferring(7)"),
        (.succeeded, "skip", "finished(succeeded)"), (.failed, "skip", "finished(failed)"), (.cancelled, "skip", "finished(cancelled)"),
    ])
    func pickedUp(at: At, action: String, to: String) {
        var m = Self.machine(at)
        #expect(Self.name(m.pickedUp()) == action)
        #expect(Self.name(m.state) == to)
    }

    @Test("responded: the first terminal event wins", arguments: [
        (At.created, "none", "created(7)"), (.queued, "success(late)→7,abort:false", "finished(succeeded)"),
        (.transferring, "success(late)→7,abort:false", "finished(succeeded)"), (.succeeded, "none", "finished(succeeded)"),
        (.failed, "none", "finished(failed)"), (.cancelled, "none", "finished(cancelled)"),
    ])
    func responded(at: At, action: String, to: String) {
        var m = Self.machine(at)
        #expect(Self.name(m.responded("late")) == action)
        #expect(Self.name(m.state) == to)
    }

    @Test("transferFailed: the engine already stopped the transfer, so no abort", arguments: [
        (At.created, "none", "created(7)"), (.queued, "failure(refused)→7,abort:false", "finished(failed)"),
        (.transferring, "failure(refused)→7,abort:false", "finished(failed)"), (.succeeded, "none", "finished(succeeded)"),
        (.cancelled, "none", "finished(cancelled)"),
    ])
    func transferFailed(at: At, action: String, to: String) {
        var m = Self.machine(at)
        #expect(Self.name(m.transferFailed(Self.transferError)) == action)
        #expect(Self.name(m.state) == to)
    }

    @Test("cancelled: a transfer under way is aborted, a call the engine holds is dropped; before that, nothing is to abort", arguments: [
        (At.created, "failure(cancelled)→7,abort:false", "finished(cancelled)"), (.queued, "failure(cancelled)→7,abort:true", "finished(cancelled)"),
        (.transferring, "failure(cancelled)→7,abort:true", "finished(cancelled)"), (.succeeded, "none", "finished(succeeded)"),
        (.failed, "none", "finished(failed)"), (.cancelled, "none", "finished(cancelled)"),
    ])
    func cancelled(at: At, action: String, to: String) {
        var m = Self.machine(at)
        #expect(Self.name(m.cancelled(Self.cancelError)) == action)
        #expect(Self.name(m.state) == to)
    }

    @Test("whatever order the events race in, exactly one delivery", arguments: At.allCases)
    func oneDelivery(start: At) {
        var m = Self.machine(start)
        var deliveries = 0
        for event in [{ (m: inout Machine) in m.responded("x") }, { $0.transferFailed(Self.transferError) },
                      { $0.cancelled(Self.cancelError) }, { $0.engineRefused(Self.shutDown) }] {
            if case .deliver = event(&m) { deliveries += 1 }
        }
        let alreadyDelivered = [At.succeeded, .failed, .cancelled].contains(start)
        #expect(deliveries == (alreadyDelivered ? 0 : 1))
        #expect(m.isFinished && m.delivery == nil)
    }
}
