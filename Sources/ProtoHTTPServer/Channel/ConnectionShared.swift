// ConnectionShared.swift: what the streams of one HTTP/2 connection share: its deadline timers and its request tasks' executor.
import NIOCore

/// Made once per HTTP/2 connection, on its loop, and handed to each stream's
/// ``RPCChannelHandler``: the streams run on their connection's loop, so one
/// ``DeadlineTimers`` queue (one scheduled task for the earliest deadline) and one
/// ``EventLoopTaskExecutor`` serve them all, where each stream made its own before.
struct ConnectionShared: Sendable {
    /// The connection's deadline queue on its loop.
    let deadlineTimers: DeadlineTimers
    /// The executor of request tasks under ``HandlerExecution/eventLoop``.
    let executor: EventLoopTaskExecutor

    init(loop: any EventLoop, loopsOpen: EventLoopsOpen) {
        deadlineTimers = .eventLoop(loop, open: loopsOpen)
        executor = EventLoopTaskExecutor(loop: loop, loopsOpen: loopsOpen)
    }
}
