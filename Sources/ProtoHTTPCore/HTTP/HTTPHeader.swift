// HTTPHeader.swift: one HTTP header field (name and value), kept in order with duplicates.

/// One HTTP header field. Requests and responses keep headers as an ordered array so that
/// repeated fields (`Set-Cookie`) and their order survive.
public struct HTTPHeader: Hashable, Sendable, CustomStringConvertible {
    /// The field name, as sent or received (compare case-insensitively).
    public var name: String
    /// The field value, without surrounding whitespace.
    public var value: String

    /// Creates a header field.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }

    /// `name: value`.
    public var description: String { "\(name): \(value)" }
}

extension Array where Element == HTTPHeader {
    /// The value of the first field named `name` (case-insensitive), or `nil`.
    public func first(named name: String) -> String? {
        first(where: { HTTPText.equalsIgnoringCase($0.name, name) })?.value
    }

    /// The values of every field named `name` (case-insensitive), in order.
    public func all(named name: String) -> [String] {
        filter { HTTPText.equalsIgnoringCase($0.name, name) }.map(\.value)
    }

    /// Whether a field named `name` (case-insensitive) is present.
    public func contains(named name: String) -> Bool {
        contains { HTTPText.equalsIgnoringCase($0.name, name) }
    }
}
