// StallGuardHandler.swift: closes a connection (or HTTP/2 stream) whose client stalls in any state, stops reading while the client does not read, and lets pipelined requests wait their turn.
import Logging
import NIOCore
import NIOHTTP1

/// Sits just before ``RPCChannelHandler`` on every HTTP/1.1 connection and every HTTP/2 stream,
/// and bounds how long a client can hold them without making progress:
///
/// - **Head**: once the first byte of a request head has arrived, the whole head must follow
///   within ``ServerConfiguration/requestHeadTimeout`` (a slowloris client trickling a header a
///   byte at a time is cut off, however regularly it sends).
/// - **Body**: a request body may go at most ``ServerConfiguration/requestBodyTimeout`` without a
///   byte arriving (a client that announces a body and stalls mid-way is answered 408 Request
///   Timeout and cut off). A streaming call's request (``StreamingRequestStarted``) may instead go
///   ``ServerConfiguration/streamIdleTimeout`` with nothing sent either way.
/// - **Write**: while the connection cannot take more output because the client does not read,
///   the server reads no more of its requests (and serves none of those already read), and
///   after ``ServerConfiguration/responseWriteTimeout`` of that it closes the connection.
/// - **Turns**: a request the client pipelined behind the one just answered waits until the
///   event loop has next taken in the I/O that is ready (``NextTurnScheduling``), so a client
///   with thousands of requests queued gets one served per turn of the loop, like every other
///   connection, instead of all of them while the others wait.
///
/// A connection silent between requests is the idle timeout's (``ServerConfiguration/idleTimeout``);
/// a handler that takes long is the call's deadline's. Every deadline runs on the channel's event
/// loop clock (`EventLoop.now`, `scheduleTask`), which tests advance by hand.
final class StallGuardHandler: ChannelDuplexHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    /// The three limits, as the event loop counts time.
    struct Limits: Sendable {
        var head: TimeAmount
        var body: TimeAmount
        var write: TimeAmount
        var streamIdle: TimeAmount

        init(_ configuration: ServerConfiguration) {
            head = TimeAmount(configuration.requestHeadTimeout)
            body = TimeAmount(configuration.requestBodyTimeout)
            write = TimeAmount(configuration.responseWriteTimeout)
            streamIdle = TimeAmount(configuration.streamIdleTimeout)
        }
    }

    /// Which stall a deadline bounds; its description goes into the log line.
    enum Stall: String, Sendable {
        case streamIdle = "the stream was idle too long"
        case head = "the request head did not arrive in time"
        case body = "the request body stalled"
        case write = "the client stopped reading its responses"
    }

    private enum Phase {
        /// No request under way: silence here is the idle timeout's business.
        case betweenRequests
        /// Part of a head has arrived.
        case head
        /// The head has arrived; the body is coming. `answered`: an answer went out already
        /// (413 before the body), so a stall ends the connection without another.
        case body(HTTPVersion, answered: Bool)
        /// The request has arrived; its answer is under way.
        case answering
    }

    private let limits: Limits
    private let logger: Logger
    /// Where pipelined requests wait for the loop's next turn; `nil` serves them at once.
    private let turns: (any NextTurnScheduling)?
    private var phase = Phase.betweenRequests
    /// Whether the request under way is a streaming call's (its body limit is the stream's idle limit).
    private var streaming = false
    /// When the current phase's stall limit is reached (head or body; see ``phaseStall``).
    private var phaseDeadline: NIODeadline?
    /// When the client's not reading has lasted too long, while the channel is not writable.
    private var writeDeadline: NIODeadline?
    /// The one scheduled check, and when it runs.
    private var timer: (task: DeadlineTimer, at: NIODeadline)?
    /// The connection's deadline queue (an HTTP/2 stream's); `nil`: a scheduled task per timer.
    private let sharedTimers: DeadlineTimers?
    /// Whether a request part arrived since the last read completed.
    private var partSinceReadComplete = false
    /// Request parts held back while the channel is not writable, in order.
    private var held = HeldParts<NIOAny>()
    /// A `read()` held back while the channel is not writable.
    private var readHeld = false
    /// A read-complete held back with the parts.
    private var readCompleteHeld = false
    /// Whether a whole request went on since this connection's last turn began (a read, or a
    /// turn that came): another one waits for the loop's next turn.
    private var servedThisTurn = false
    /// Whether held parts wait for the loop's next turn (``turns``).
    private var awaitingTurn = false
    /// Whether the handler has left the pipeline (a turn that comes later does nothing).
    private var removed = false

    /// `timers`: the connection's deadline queue on its loop, for an HTTP/2 stream's guard.
    init(limits: Limits, logger: Logger, turns: (any NextTurnScheduling)? = nil, timers: DeadlineTimers? = nil) {
        self.limits = limits
        self.logger = logger
        self.turns = turns
        self.sharedTimers = timers
    }

    // MARK: Inbound

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        partSinceReadComplete = true
        if held.isEmpty && canDeliver(data, context: context) {
            deliver(context: context, data)
            return
        }
        held.append(data)
        releaseHeld(context: context)
    }

    /// Whether `data`, next in line, can go on now: the channel can take the answer, no turn is
    /// awaited, and it does not start a second request in one turn of the loop.
    private func canDeliver(_ data: NIOAny, context: ChannelHandlerContext) -> Bool {
        guard !awaitingTurn, context.channel.isWritable else { return false }
        if servedThisTurn, turns != nil, case .head = unwrapInboundIn(data) { return false }
        return true
    }

    /// Holds the next request until the loop's next turn.
    private func waitForTurn(context: ChannelHandlerContext) {
        guard let turns else { return }
        awaitingTurn = true
        let bound = NIOLoopBound((handler: self, context: context), eventLoop: context.eventLoop)
        turns.afterIO(on: context.eventLoop) { bound.value.handler.turnCame(context: bound.value.context) }
    }

    /// The loop's next turn has come for a pipelined request held back.
    private func turnCame(context: ChannelHandlerContext) {
        awaitingTurn = false
        servedThisTurn = false
        guard !removed, context.channel.isActive else { return }
        releaseHeld(context: context)
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        if case .betweenRequests = phase, !partSinceReadComplete {
            // Bytes came and made no request part: a head has begun.
            phase = .head
            setPhaseDeadline(after: limits.head, context: context)
        }
        partSinceReadComplete = false
        servedThisTurn = false  // the next read is the loop's next turn for this connection
        if held.isEmpty {
            context.fireChannelReadComplete()
        } else {
            readCompleteHeld = true
        }
    }

    private func deliver(context: ChannelHandlerContext, _ data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            phase = .body(head.version, answered: false)
            streaming = false
            setPhaseDeadline(after: limits.body, context: context)
        case .body:
            // Only the deadline moves; the scheduled check finds it later and waits on.
            if case .body = phase { phaseDeadline = context.eventLoop.now + bodyLimit }
        case .end:
            phase = .answering
            phaseDeadline = nil
            servedThisTurn = true
        }
        context.fireChannelRead(data)
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable {
            writeDeadline = nil
            releaseHeld(context: context)
        } else if writeDeadline == nil {
            writeDeadline = context.eventLoop.now + limits.write
            schedule(context: context)
        }
        context.fireChannelWritabilityChanged()
    }

    /// Delivers what was held back while the channel could not write (or for the loop's next
    /// turn), as long as it still can.
    private func releaseHeld(context: ChannelHandlerContext) {
        while let data = held.first {
            guard canDeliver(data, context: context) else {
                if !awaitingTurn && context.channel.isWritable { waitForTurn(context: context) }
                return
            }
            held.removeFirst()
            deliver(context: context, data)
        }
        guard context.channel.isWritable else { return }
        if readCompleteHeld {
            readCompleteHeld = false
            context.fireChannelReadComplete()
        }
        if readHeld {
            readHeld = false
            context.read()
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        cancelTimer()
        held.removeAll()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        removed = true
        cancelTimer()
    }

    // MARK: Outbound

    func read(context: ChannelHandlerContext) {
        if context.channel.isWritable && held.isEmpty {
            context.read()
        } else {
            readHeld = true
        }
    }

    /// How long the body under way may go without progress.
    private var bodyLimit: TimeAmount { streaming ? limits.streamIdle : limits.body }

    func triggerUserOutboundEvent(context: ChannelHandlerContext, event: Any, promise: EventLoopPromise<Void>?) {
        guard event is StreamingRequestStarted else {
            context.triggerUserOutboundEvent(event, promise: promise)
            return
        }
        streaming = true
        if case .body = phase { setPhaseDeadline(after: limits.streamIdle, context: context) }
        promise?.succeed()
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if streaming, case .body = phase, case .body = unwrapOutboundIn(data) {
            phaseDeadline = context.eventLoop.now + limits.streamIdle  // a message out is activity too
        }
        switch (unwrapOutboundIn(data), phase) {
        case (.end, .answering):
            // Set before writing: writing `.end` may deliver the next pipelined request at once.
            phase = .betweenRequests
        case (.head(let head), .body(let version, answered: false)) where head.status.code >= 200:
            phase = .body(version, answered: true)
        default:
            break
        }
        context.write(data, promise: promise)
    }

    // MARK: Deadlines

    private func setPhaseDeadline(after limit: TimeAmount, context: ChannelHandlerContext) {
        phaseDeadline = context.eventLoop.now + limit
        schedule(context: context)
    }

    /// The stall the current phase's deadline bounds: a head or a body not yet whole.
    private var phaseStall: Stall? {
        switch phase {
        case .head: return .head
        case .body: return streaming ? .streamIdle : .body
        case .betweenRequests, .answering: return nil
        }
    }

    /// The earliest deadline that is set, if any.
    private var nextDeadline: NIODeadline? {
        switch (phaseDeadline, writeDeadline) {
        case let (phase?, write?): return min(phase, write)
        case let (phase, write): return phase ?? write
        }
    }

    /// Makes sure a check runs no later than the earliest deadline.
    private func schedule(context: ChannelHandlerContext) {
        guard let deadline = nextDeadline else { return }
        if let timer, timer.at <= deadline { return }
        cancelTimer()
        let bound = NIOLoopBound((handler: self, context: context), eventLoop: context.eventLoop)
        let fire: @Sendable () -> Void = { bound.value.handler.check(context: bound.value.context) }
        // An HTTP/2 stream's timer joins its connection's deadline queue (one scheduled task for
        // the connection, not one per stream: ~7,000 instructions a stream to arm and cancel).
        let task = sharedTimers?.scheduleOnLoop(due: deadline, fire) ?? .task(context.eventLoop.scheduleTask(deadline: deadline, fire))
        timer = (task, deadline)
    }

    private func cancelTimer() {
        timer?.task.cancel()
        timer = nil
    }

    /// Runs when the timer fires: closes the channel if a deadline has passed, else waits for
    /// the earliest one left (a body deadline may have moved on since the timer was set).
    private func check(context: ChannelHandlerContext) {
        timer = nil
        let now = context.eventLoop.now
        let stall: Stall?
        if let write = writeDeadline, write <= now {
            stall = .write
        } else if let deadline = phaseDeadline, deadline <= now {
            stall = phaseStall
            if stall == nil { phaseDeadline = nil }  // its head or body arrived meanwhile
        } else {
            stall = nil
        }
        guard let stall else {
            schedule(context: context)
            return
        }
        logger.debug("closing a connection: \(stall.rawValue)", metadata: ["remote": "\(context.channel.remoteAddress?.description ?? "-")"])
        phaseDeadline = nil
        writeDeadline = nil
        if stall == .body, case .body(let version, answered: false) = phase {
            answerTimedOut(context: context, version: version)
        } else {
            // A head not yet whole has no version to answer in; a client that does not read
            // would not read an answer either.
            context.close(promise: nil)
        }
    }

    /// Answers a request whose body stalled 408 Request Timeout, then closes.
    private func answerTimedOut(context: ChannelHandlerContext, version: HTTPVersion) {
        phase = .answering
        var headers = HTTPHeaders([("Content-Length", "0")])
        if version.major < 2 { headers.add(name: "Connection", value: "close") }
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: version, status: .requestTimeout, headers: headers))), promise: nil)
        let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in bound.value.close(promise: nil) }
    }
}
