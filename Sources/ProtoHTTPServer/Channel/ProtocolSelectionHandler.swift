// ProtocolSelectionHandler.swift: picks HTTP/1.1 or HTTP/2 for a new connection (ALPN, or the h2c prior-knowledge preface).
import NIOCore
import NIOTLS

/// Decides, once per connection, which HTTP version it speaks, then sets the pipeline up for
/// it and leaves:
///
/// ```
/// TLS:        handshake done ─► ALPN "h2" ──────► HTTP/2
///                            ─► ALPN "http/1.1" ─► HTTP/1.1
///                            ─► no ALPN ─────────► sniff, as in cleartext
/// cleartext:  first bytes == "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n" ─► HTTP/2 (h2c, prior knowledge)
///             first bytes differ from it at any byte ─────────────► HTTP/1.1
/// ```
///
/// An HTTP/1.1 request differs from the preface within its first three bytes (no method is
/// `PRI`), so a request is never held back waiting for more input. The bytes read while
/// deciding are handed to the chosen pipeline. A connection still undecided when it goes idle
/// or when shutdown begins is closed: nothing of it is in flight. So is one still undecided
/// `selectionTimeout` after it was opened, however regularly it sends: a client trickling a TLS
/// handshake or the HTTP/2 preface a byte at a time holds nothing for long.
final class ProtocolSelectionHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    /// The version a connection speaks.
    enum Choice: Equatable {
        case http1
        case http2
    }

    private enum State {
        /// TLS: the handshake has not finished, so ALPN has not answered yet.
        case awaitingHandshake
        /// Reading the first bytes until they match or differ from the HTTP/2 preface.
        case sniffing(ByteBuffer?)
        case selected
    }

    /// The connection preface every HTTP/2 client sends first (RFC 9113, section 3.4).
    static let preface: [UInt8] = Array("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".utf8)

    private var state: State
    private let configure: (ChannelPipeline.SynchronousOperations, Choice) throws -> Void
    private let selectionTimeout: TimeAmount
    private var deadline: Scheduled<Void>?

    /// A handler that waits for the TLS handshake (`afterTLSHandshake`) or sniffs the first
    /// bytes at once, then calls `configure` to add the handlers of the chosen version at the
    /// end of the pipeline; it closes the connection if no version is chosen within
    /// `selectionTimeout` (on the event loop's clock) of the connection's start.
    init(afterTLSHandshake: Bool, selectionTimeout: TimeAmount = .seconds(30),
         configure: @escaping (ChannelPipeline.SynchronousOperations, Choice) throws -> Void) {
        self.state = afterTLSHandshake ? .awaitingHandshake : .sniffing(nil)
        self.selectionTimeout = selectionTimeout
        self.configure = configure
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { armDeadline(context: context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        armDeadline(context: context)
        context.fireChannelActive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
    }

    private func armDeadline(context: ChannelHandlerContext) {
        guard deadline == nil else { return }
        let bound = NIOLoopBound((handler: self, context: context), eventLoop: context.eventLoop)
        deadline = context.eventLoop.scheduleTask(in: selectionTimeout) {
            if case .selected = bound.value.handler.state { return }
            bound.value.context.close(promise: nil)
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var incoming = unwrapInboundIn(data)
        switch state {
        case .selected:
            context.fireChannelRead(data)
        case .awaitingHandshake:
            // NIOSSL reports the handshake before any application data; if it did not, sniff.
            decide(context: context, buffered: incoming)
        case .sniffing(let earlier):
            guard var buffered = earlier else {
                decide(context: context, buffered: incoming)
                return
            }
            state = .sniffing(nil)  // drop the reference so the buffer grows in place
            buffered.writeBuffer(&incoming)
            decide(context: context, buffered: buffered)
        }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        switch (event, state) {
        case (TLSUserEvent.handshakeCompleted(let negotiated), .awaitingHandshake):
            switch negotiated {
            case "h2": select(.http2, context: context, buffered: nil)
            case "http/1.1": select(.http1, context: context, buffered: nil)
            default: state = .sniffing(nil)  // the client sent no ALPN: it may still speak h2 by prior knowledge
            }
            context.fireUserInboundEventTriggered(event)
        case (is IdleStateHandler.IdleStateEvent, .awaitingHandshake), (is IdleStateHandler.IdleStateEvent, .sniffing),
             (is ChannelShouldQuiesceEvent, .awaitingHandshake), (is ChannelShouldQuiesceEvent, .sniffing):
            context.close(promise: nil)
        default:
            context.fireUserInboundEventTriggered(event)
        }
    }

    /// Picks the version once `buffered` matches the whole preface or differs from it.
    private func decide(context: ChannelHandlerContext, buffered: ByteBuffer) {
        let prefix = buffered.readableBytesView.prefix(Self.preface.count)
        if !prefix.elementsEqual(Self.preface.prefix(prefix.count)) {
            select(.http1, context: context, buffered: buffered)
        } else if prefix.count == Self.preface.count {
            select(.http2, context: context, buffered: buffered)
        } else {
            state = .sniffing(buffered)
        }
    }

    private func select(_ choice: Choice, context: ChannelHandlerContext, buffered: ByteBuffer?) {
        state = .selected
        deadline?.cancel()
        deadline = nil
        do {
            try configure(context.pipeline.syncOperations, choice)
        } catch {
            context.fireErrorCaught(error)
            context.close(promise: nil)
            return
        }
        if let buffered, buffered.readableBytes > 0 {
            context.fireChannelRead(wrapInboundOut(buffered))
        }
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }
}
