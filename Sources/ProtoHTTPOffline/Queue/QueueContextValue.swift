// QueueContextValue.swift: the part of a call's context that can be stored: JSON-representable values.

/// A value of a queued call's context (`CallOptions.context`) that survives a restart:
/// strings, integers, floating-point numbers, booleans, and arrays and string-keyed
/// dictionaries of them. Other values (closures, class instances, custom structs) are
/// dropped when the call is stored; a dictionary or array holding one is dropped whole.
///
/// At replay the call's context holds the plain values again (`String`, `Int`, `Double`,
/// `Bool`, `[any Sendable]`, `[String: any Sendable]`), so interceptors read it as before.
public enum QueueContextValue: Sendable, Hashable, Codable {
    /// A string.
    case string(String)
    /// An integer (any integer type that fits in `Int`).
    case int(Int)
    /// A floating-point number.
    case double(Double)
    /// A boolean.
    case bool(Bool)
    /// An array of storable values.
    case array([QueueContextValue])
    /// A string-keyed dictionary of storable values.
    case object([String: QueueContextValue])

    /// `value` as a storable value, or `nil` when it (or anything inside it) is not one.
    public init?(_ value: any Sendable) {
        switch value {
        case let value as Bool: self = .bool(value)
        case let value as String: self = .string(value)
        case let value as Substring: self = .string(String(value))
        case let value as any BinaryInteger:
            guard let int = Int(exactly: value) else { return nil }
            self = .int(int)
        case let value as Double: self = .double(value)
        case let value as Float: self = .double(Double(value))
        case let value as [any Sendable]:
            var items: [QueueContextValue] = []
            for item in value {
                guard let stored = QueueContextValue(item) else { return nil }
                items.append(stored)
            }
            self = .array(items)
        case let value as [String: any Sendable]:
            var items: [String: QueueContextValue] = [:]
            for (key, item) in value {
                guard let stored = QueueContextValue(item) else { return nil }
                items[key] = stored
            }
            self = .object(items)
        default: return nil
        }
    }

    /// The plain value: `String`, `Int`, `Double`, `Bool`, `[any Sendable]` or `[String: any Sendable]`.
    public var value: any Sendable {
        switch self {
        case .string(let value): value
        case .int(let value): value
        case .double(let value): value
        case .bool(let value): value
        case .array(let items): items.map(\.value)
        case .object(let items): items.mapValues(\.value)
        }
    }

    /// The storable entries of `context`; the others are left out.
    static func storable(_ context: [String: any Sendable]) -> [String: QueueContextValue] {
        context.compactMapValues { QueueContextValue($0) }
    }
}
