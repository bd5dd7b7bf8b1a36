// CallOptionKey.swift: typed per-call settings that modules beyond the client add to CallOptions (ProtoHTTPOffline's cache and queueing switches).

/// The key of a per-call setting that another module adds to ``CallOptions``, read and written
/// with ``CallOptions/subscript(_:)``; the module usually wraps it in a property of its own:
///
/// ```swift
/// enum PriorityKey: CallOptionKey { static let defaultValue = 0 }
/// extension CallOptions {
///     var priority: Int {
///         get { self[PriorityKey.self] }
///         set { self[PriorityKey.self] = newValue }
///     }
/// }
/// ```
///
/// A ``CallStage`` reads its calls' settings this way (ProtoHTTPOffline's `CallOptions.cache`
/// and `queuesWhenOffline` are two), so the client module knows nothing of them.
public protocol CallOptionKey {
    /// The setting's type.
    associatedtype Value: Sendable
    /// Its value in options that never set it.
    static var defaultValue: Value { get }
}

extension CallOptions {
    /// The setting of `key`: what the options were given, else the key's default.
    public subscript<Key: CallOptionKey>(_ key: Key.Type) -> Key.Value {
        get { extensions[ObjectIdentifier(key)].flatMap { $0 as? Key.Value } ?? Key.defaultValue }
        set { extensions[ObjectIdentifier(key)] = newValue }
    }
}
