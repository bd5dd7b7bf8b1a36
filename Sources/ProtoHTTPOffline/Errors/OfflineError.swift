// OfflineError.swift: the one error type of ProtoHTTPOffline: a code and a message saying what happened and how to fix it.
import ProtoHTTPCore


/// What went wrong in ProtoHTTPOffline: the storage (SQLite), the queue, or reachability.
///
/// Errors of calls themselves stay `ProtoHTTPError`s; this type covers what the offline layer
/// does around them (opening a database, storing an entry, opening a netlink socket).
public struct OfflineError: Error, Sendable, CustomStringConvertible {
    /// What kind of failure it was.
    public enum Code: String, Sendable, Hashable {
        /// A database could not be opened, migrated, read or written.
        case storage
        /// The offline queue refused an operation (an unknown entry, a call it cannot store).
        case queue
        /// The network monitor could not start (a netlink socket, a probe).
        case reachability
        /// The offline queue is at its ``OfflineQueueConfiguration/maxEntries`` or
        /// ``OfflineQueueConfiguration/maxBytes`` and stored nothing.
        case full
    }

    /// The kind of failure.
    public var code: Code
    /// What happened and how to fix it.
    public var message: String
    /// The error underneath (GRDB's, or the system's), described.
    public var underlying: String?

    /// An error of kind `code` with a `message` saying what happened and how to fix it.
    public init(_ code: Code, _ message: String, underlying: (any Error)? = nil) {
        self.code = code
        self.message = message
        self.underlying = underlying.map { "\($0)" }
    }

    /// `code: message`.
    public var description: String { "\(code.rawValue): \(message)" }

    /// The error as a call failure (`resource_exhausted` for a full queue, else `internal`), for
    /// the client's hooks that throw `ProtoHTTPError`.
    var asCallError: ProtoHTTPError {
        ProtoHTTPError(code: code == .full ? .resourceExhausted : .internal, message: "offline \(code.rawValue): \(message)")
    }
}
