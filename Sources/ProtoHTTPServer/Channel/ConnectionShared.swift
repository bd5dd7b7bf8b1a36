// ConnectionShared.swift: what the streams of one HTTP/2 connection share: deadline timers, task executor, stall limits, peer address.
import NIOCore
import Synchronization

/// Made once per HTTP/2 connection, on its loop, and handed to each stream's handlers: the
/// streams run on their connection's loop, so one ``DeadlineTimers`` queue (one scheduled task
/// for the earliest deadline), one ``EventLoopTaskExecutor``, one set of stall limits and one
/// formatted peer address serve them all, where each stream made its own before (together
/// about 10,000 instructions a stream, callgrind).
struct ConnectionShared: Sendable {
    /// The connection's deadline queue on its loop.
    let deadlineTimers: DeadlineTimers
    /// The executor of request tasks under ``HandlerExecution/eventLoop``.
    let executor: EventLoopTaskExecutor
    /// The streams' ``StallGuardHandler`` limits.
    let stallLimits: StallGuardHandler.Limits
    /// The peer's `ip:port`, formatted by the first stream that asks (see ``remoteAddress(of:)``).
    private let peer = PeerAddress()

    init(loop: any EventLoop, loopsOpen: EventLoopsOpen, stallLimits: StallGuardHandler.Limits) {
        deadlineTimers = .eventLoop(loop, open: loopsOpen)
        executor = EventLoopTaskExecutor(loop: loop, loopsOpen: loopsOpen)
        self.stallLimits = stallLimits
    }

    /// The connection's peer as `ip:port`, from `channel` (a stream reports its connection's
    /// address) the first time, remembered after; `nil` while it has none.
    func remoteAddress(of channel: any Channel) -> String? {
        peer.text.withLock { text in
            if let text { return text }
            text = Self.peerText(channel.remoteAddress)
            return text
        }
    }

    /// `address` as the access log and ``RPCRequest/remoteAddress`` show it: `ip:port`.
    static func peerText(_ address: SocketAddress?) -> String? {
        guard let address, let ip = address.ipAddress, let port = address.port else { return nil }
        return "\(ip):\(port)"
    }

    /// The formatted peer address, once known.
    private final class PeerAddress: Sendable {
        let text = Mutex<String?>(nil)
    }
}
