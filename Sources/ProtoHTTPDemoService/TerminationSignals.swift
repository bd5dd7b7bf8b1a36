// TerminationSignals.swift: waits for SIGINT or SIGTERM with Dispatch signal sources, for the demo servers' graceful shutdown.
import Dispatch
public import Foundation
import Synchronization

/// Catches SIGINT and SIGTERM from creation on: their default handlers (which end the process)
/// are ignored and Dispatch signal sources report them instead, so ``wait()`` can return and
/// the caller can shut down gracefully.
public final class TerminationSignals: Sendable {
    private let inbox = Inbox()
    /// Kept so the sources stay alive (and keep catching) as long as this object.
    private let sources: Mutex<[any DispatchSourceSignal]>

    /// Starts catching `signals`.
    public init(_ signals: [Int32] = [SIGINT, SIGTERM]) {
        let inbox = self.inbox
        let queue = DispatchQueue(label: "protohttp.signals")
        var made: [any DispatchSourceSignal] = []
        for number in signals {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { inbox.deliver(number) }
            source.resume()
            made.append(source)
        }
        sources = Mutex(made)
    }

    /// Waits for the first of the signals and returns its name (`"SIGINT"`).
    public func wait() async -> String {
        let number = await inbox.first()
        switch number {
        case SIGINT: return "SIGINT"
        case SIGTERM: return "SIGTERM"
        default: return "signal \(number)"
        }
    }

    /// The first signal received, handed to one waiter whichever comes first.
    private final class Inbox: Sendable {
        private struct State {
            var received: Int32?
            var waiter: CheckedContinuation<Int32, Never>?
        }
        private let state = Mutex(State())

        func deliver(_ number: Int32) {
            let waiter = state.withLock { state -> CheckedContinuation<Int32, Never>? in
                guard state.received == nil else { return nil }
                state.received = number
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume(returning: number)
        }

        func first() async -> Int32 {
            await withCheckedContinuation { continuation in
                let received = state.withLock { state -> Int32? in
                    if state.received == nil { state.waiter = continuation }
                    return state.received
                }
                if let received { continuation.resume(returning: received) }
            }
        }
    }
}
