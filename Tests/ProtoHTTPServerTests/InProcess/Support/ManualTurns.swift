// ManualTurns.swift: a NextTurnScheduling whose turns come only when the test says so.
import NIOCore
import NIOEmbedded
@testable import ProtoHTTPServer
import Synchronization

/// Holds the work put off for the loop's next turn until ``runTurn(on:)``.
final class ManualTurns: NextTurnScheduling {
    /// One piece of work put off. `@unchecked Sendable` is safe: the closure is only stored
    /// under ``waiting``'s lock and only ever run inside `executeInContext` on the testing
    /// channel's loop, the thread that put it off.
    private struct Work: @unchecked Sendable {
        let run: () -> Void
    }

    private let waiting = Mutex<[Work]>([])

    /// How many pieces of work wait for the next turn.
    var waitingCount: Int { waiting.withLock { $0.count } }

    func afterIO(on eventLoop: any EventLoop, _ work: @escaping () -> Void) {
        waiting.withLock { $0.append(Work(run: work)) }
    }

    /// Runs what waits, on `loop`, as the loop's next turn would.
    func runTurn(on loop: NIOAsyncTestingEventLoop) async throws {
        let work = waiting.withLock { pending in
            defer { pending.removeAll() }
            return pending
        }
        try await loop.executeInContext {
            for item in work { item.run() }
        }
        await loop.run()
    }
}
