// NextTurnScheduling.swift: putting work off until an event loop has next taken in the I/O that is ready.
import NIOCore

/// Runs work on an event loop after the loop's next wait for I/O, once the I/O that was ready
/// then has been handled.
///
/// NIO runs every task that is ready before it looks for I/O again, tasks that tasks schedule
/// included: a connection whose client pipelined a thousand requests would have them all served
/// in one go (each answer's end delivers the next request, which starts the next task) while
/// every other connection on the loop waited. ``StallGuardHandler`` puts each pipelined request
/// off with ``afterIO(on:_:)`` instead, so connections take turns.
protocol NextTurnScheduling: Sendable {
    /// Runs `work` on `eventLoop` after the loop next waits for I/O (called on `eventLoop`).
    func afterIO(on eventLoop: any EventLoop, _ work: @escaping () -> Void)
}
