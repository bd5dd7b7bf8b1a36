// OpenConnections.swift: the number of open client connections, for ProtoHTTPServer.connectionCount.
import NIOCore
import Synchronization

/// Counts the server's open connections: each is counted when its pipeline is set up and
/// uncounted when it closes. (Shutdown itself needs no list of them: NIOExtras'
/// `ServerQuiescingHelper` keeps its own.)
final class OpenConnections: Sendable {
    private let open = Atomic(0)

    /// Counts `channel` until it closes.
    func add(_ channel: any Channel) {
        open.add(1, ordering: .relaxed)
        channel.closeFuture.whenComplete { [self] _ in open.subtract(1, ordering: .relaxed) }
    }

    /// The number of connections open now.
    var count: Int { open.load(ordering: .relaxed) }
}
