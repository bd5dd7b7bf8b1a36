// ReplayHandlers.swift: the handlers replayed calls' results and dropped entries go to, by method path and by category.
import Synchronization

/// Where results of replayed calls go, since the closures of the calls that were queued do
/// not survive a restart: handlers per method path and per category (both run, path first),
/// and handlers of dropped entries. Registered for the queue's lifetime.
final class ReplayHandlers: Sendable {
    typealias Replayed = @Sendable (ReplayedCall) -> Void
    typealias Dropped = @Sendable (DroppedCall) -> Void

    private struct Table {
        var byPath: [String: [Replayed]] = [:]
        var byCategory: [CategoryKey: [Replayed]] = [:]
        var dropped: [Dropped] = []
    }

    private let table = Mutex(Table())

    func add(path: String, _ handler: @escaping Replayed) { table.withLock { $0.byPath[path, default: []].append(handler) } }
    func add(category: String?, _ handler: @escaping Replayed) {
        table.withLock { $0.byCategory[CategoryKey(category), default: []].append(handler) }
    }
    func addDropped(_ handler: @escaping Dropped) { table.withLock { $0.dropped.append(handler) } }

    /// Runs the handlers of `call`'s path (its query left out) and of its category.
    func deliver(_ call: ReplayedCall) {
        let path = String(call.entry.path.prefix { $0 != "?" })
        let handlers = table.withLock { ($0.byPath[path] ?? []) + ($0.byCategory[CategoryKey(call.entry.category)] ?? []) }
        for handler in handlers { handler(call) }
    }

    /// Runs the dropped handlers.
    func deliver(_ dropped: DroppedCall) {
        for handler in table.withLock({ $0.dropped }) { handler(dropped) }
    }
}
