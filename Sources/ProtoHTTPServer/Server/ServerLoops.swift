// ServerLoops.swift: the event loops a server runs on: its own (stopped at shutdown) or its caller's (left running).
import NIOCore
import NIOPosix

/// The event-loop group a ``ProtoHTTPServer`` serves on, and whether its shutdown stops it.
struct ServerLoops: Sendable {
    let group: MultiThreadedEventLoopGroup
    /// Whether the server made the group (and so stops it).
    let owned: Bool

    /// The caller's `shared` group, or a new one of `threads` loops.
    static func make(shared: MultiThreadedEventLoopGroup?, threads: Int) -> ServerLoops {
        if let shared { return ServerLoops(group: shared, owned: false) }
        return ServerLoops(group: MultiThreadedEventLoopGroup(numberOfThreads: max(1, threads)), owned: true)
    }

    /// Stops the group if the server made it; a caller's group keeps running for its owner.
    func release() async {
        guard owned else { return }
        try? await group.shutdownGracefully()
    }
}
