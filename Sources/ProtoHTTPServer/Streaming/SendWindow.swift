// SendWindow.swift: how many of a stream's response messages may be on their way to the event loop before the handler waits.
import NIOCore
import Synchronization

/// Lets a streaming handler that runs off the event loop hand it several response messages
/// before it waits for one to be written, so the loop writes them in one turn and flushes once
/// (one DATA frame, one syscall) instead of once a message, each after a round trip between the
/// handler's task and the loop.
///
/// ```
/// send ─► failure recorded? throw it
///      ─► fewer than `limit` on their way: submit and return at once (the write's future gives the slot back)
///      ─► else submit and wait for that write (the loop's writability answers it, as before)
/// ```
///
/// A write that fails (the client went away, the response ended) is recorded, and the next
/// `send` throws it, so a handler that sends without waiting still learns of the end.
final class SendWindow: Sendable {
    private struct State {
        var onTheirWay = 0
        var failure: (any Error)?
    }

    /// How many messages may be on their way at once.
    let limit: Int
    private let state = Mutex(State())

    init(limit: Int = 32) {
        self.limit = limit
    }

    /// Hands `write`'s result on: at once when a slot is free, else once it has completed.
    func send(_ write: () -> EventLoopFuture<Void>) async throws {
        if let failure = state.withLock({ $0.failure }) { throw failure }
        let reserved = state.withLock { state -> Bool in
            guard state.onTheirWay < limit else { return false }
            state.onTheirWay += 1
            return true
        }
        let written = write()
        guard reserved else {
            try await written.get()
            return
        }
        written.whenComplete { result in
            self.state.withLock { state in
                state.onTheirWay -= 1
                if case .failure(let error) = result, state.failure == nil { state.failure = error }
            }
        }
    }
}
