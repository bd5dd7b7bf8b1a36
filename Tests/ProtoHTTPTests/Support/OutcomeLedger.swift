// OutcomeLedger.swift: every callback of many racing calls, by call, to check each call ends exactly once and in order.
import Synchronization
@testable import ProtoHTTP
import ProtoHTTPCore

/// Records the callbacks of many calls, each under its index, for the race stress tests:
/// a call may fire `completion` (hand-off) at most once and only before its outcome, then
/// exactly one of success or failure, then (if it has one) `finished` once.
final class OutcomeLedger: Sendable {
    /// One callback.
    enum Event: Sendable, Equatable {
        case completion
        case success
        case failure(ProtoHTTPError.Code)
        case finished
    }

    private let events: Mutex<[[Event]]>

    init(calls: Int) {
        events = Mutex(Array(repeating: [], count: calls))
    }

    /// Notes that call `index` fired `event`.
    func record(_ index: Int, _ event: Event) {
        events.withLock { $0[index].append(event) }
    }

    /// How many calls have delivered an outcome (success or failure).
    var ended: Int {
        events.withLock { $0.count { $0.contains { $0 == .success || $0.isFailure } } }
    }

    /// The events of call `index`.
    func events(of index: Int) -> [Event] { events.withLock { $0[index] } }

    /// Every call's events, by index.
    var all: [[Event]] { events.withLock { $0 } }

    /// The calls that broke the rules, each with its events: not exactly one outcome, a
    /// completion after the outcome or twice, `finished` (when `expectFinished`) not exactly
    /// once right after the outcome.
    func violations(expectFinished: Bool) -> [String] {
        all.enumerated().compactMap { index, events in
            let outcomes = events.filter { $0 == .success || $0.isFailure }
            let completions = events.filter { $0 == .completion }.count
            var ok = outcomes.count == 1 && completions <= 1
            if let outcome = events.firstIndex(where: { $0 == .success || $0.isFailure }),
               let completion = events.firstIndex(of: .completion) {
                ok = ok && completion < outcome
            }
            if expectFinished {
                ok = ok && events.last == .finished && events.filter { $0 == .finished }.count == 1
            }
            return ok ? nil : "call \(index): \(events)"
        }
    }

    /// The failure codes seen, with their counts.
    var failureCodes: [ProtoHTTPError.Code: Int] {
        var codes: [ProtoHTTPError.Code: Int] = [:]
        for events in all {
            for case .failure(let code) in events { codes[code, default: 0] += 1 }
        }
        return codes
    }

    /// How many calls succeeded.
    var successes: Int { all.count { $0.contains(.success) } }
}

extension OutcomeLedger.Event {
    var isFailure: Bool {
        if case .failure = self { return true }
        return false
    }
}

extension Result where Success == TransportResponse, Failure == ProtoHTTPError {
    /// The ledger event for this result: success only for a 200.
    var outcome: OutcomeLedger.Event {
        switch self {
        case .success(let response): response.status == 200 ? .success : .failure(.unknown)
        case .failure(let error): .failure(error.code)
        }
    }
}
