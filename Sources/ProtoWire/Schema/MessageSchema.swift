// MessageSchema.swift: a message type described at run time: its full name, fields, oneofs and extension ranges.

/// A message type described by data instead of a generated struct.
///
/// Generated messages expose theirs as `_protoSchema`; the CLI builds them from descriptor
/// sets (``SchemaRegistry``). The text format, and dynamic messages, read and write any
/// message through its schema.
public final class MessageSchema: Sendable {
    /// The full protobuf name, e.g. `"protohttp.test.TestAllTypes"`.
    public let fullName: String
    /// The fields, in field-number order.
    public let fields: [FieldSchema]
    /// The names of the message's oneofs (synthetic proto3 `optional` oneofs excluded),
    /// indexed by ``FieldSchema/oneofIndex``.
    public let oneofNames: [String]
    /// Whether this is a map's synthetic entry message (key = 1, value = 2).
    public let isMapEntry: Bool
    /// The field numbers reserved for extensions; empty when the message is not extensible.
    public let extensionRanges: [ClosedRange<Int32>]

    private let byNumber: [Int32: Int]
    private let byName: [String: Int]
    private let byJSONName: [String: Int]

    /// Creates a schema; `fields` may come in any order and are kept sorted by number.
    public init(fullName: String, fields: [FieldSchema], oneofNames: [String] = [],
                isMapEntry: Bool = false, extensionRanges: [ClosedRange<Int32>] = []) {
        self.fullName = fullName
        let sorted = fields.sorted { $0.number < $1.number }
        self.fields = sorted
        self.oneofNames = oneofNames
        self.isMapEntry = isMapEntry
        self.extensionRanges = extensionRanges
        var byNumber: [Int32: Int] = [:]
        var byName: [String: Int] = [:]
        var byJSONName: [String: Int] = [:]
        for (index, field) in sorted.enumerated() {
            byNumber[field.number] = index
            byName[field.name] = index
            if byJSONName[field.jsonName] == nil { byJSONName[field.jsonName] = index }
        }
        self.byNumber = byNumber
        self.byName = byName
        self.byJSONName = byJSONName
    }

    /// The short name: the last component of ``fullName``.
    public var name: Substring {
        fullName.lastIndex(of: ".").map { fullName[fullName.index(after: $0)...] } ?? fullName[...]
    }

    /// The field numbered `number`, or `nil`.
    public func field(number: Int32) -> FieldSchema? {
        byNumber[number].map { fields[$0] }
    }

    /// The field whose `.proto` name is `name`, or `nil`.
    public func field(named name: String) -> FieldSchema? {
        byName[name].map { fields[$0] }
    }

    /// The field whose JSON name is `jsonName`, or `nil`.
    public func field(jsonName: String) -> FieldSchema? {
        byJSONName[jsonName].map { fields[$0] }
    }

    /// Whether `number` lies in one of the extension ranges.
    public func isExtensionNumber(_ number: Int32) -> Bool {
        extensionRanges.contains { $0.contains(number) }
    }
}
