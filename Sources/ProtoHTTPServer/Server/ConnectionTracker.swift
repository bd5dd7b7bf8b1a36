// ConnectionTracker.swift: the open connections, so shutdown can let them finish and then close them.
import NIOCore
import Synchronization

/// Sent through a connection's pipeline when the server starts shutting down: an idle
/// connection closes at once, a busy one after its response.
struct ServerQuiesceEvent: Sendable {}

/// The server's open connections and whether the server is shutting down.
final class ConnectionTracker: Sendable {
    private struct State {
        var channels: [ObjectIdentifier: any Channel] = [:]
        var quiescing = false
    }
    private let state = Mutex(State())

    /// Registers a new connection, removed again when it closes; `false` once shutting down
    /// (the caller closes it).
    func add(_ channel: any Channel) -> Bool {
        let id = ObjectIdentifier(channel)
        let accepted = state.withLock { state in
            guard !state.quiescing else { return false }
            state.channels[id] = channel
            return true
        }
        if accepted {
            channel.closeFuture.whenComplete { [self] _ in
                _ = state.withLock { $0.channels.removeValue(forKey: id) }
            }
        }
        return accepted
    }

    /// Whether the server is shutting down.
    var isQuiescing: Bool { state.withLock { $0.quiescing } }

    /// The number of open connections.
    var count: Int { state.withLock { $0.channels.count } }

    /// Marks the server as shutting down and returns the connections open at that moment.
    func beginQuiescing() -> [any Channel] {
        state.withLock { state in
            state.quiescing = true
            return Array(state.channels.values)
        }
    }

    /// The connections still open.
    func remaining() -> [any Channel] {
        state.withLock { Array($0.channels.values) }
    }
}
