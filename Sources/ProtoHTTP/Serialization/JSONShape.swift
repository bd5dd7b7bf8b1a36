// JSONShape.swift: the shape a JSON answer must have (YTKNetwork's jsonValidator), as a value, and the check of a parsed document against it.
import ProtoWire

/// The shape a JSON document must have: which members an object holds and what each holds,
/// what an array's elements are, which kind a value is. YTKNetwork's `jsonValidator`, as a
/// value a ``JSONShapeValidator`` checks answers against.
///
/// Dictionary and array literals build objects and arrays, so a shape reads like the document:
///
/// ```swift
/// let shape: JSONShape = ["code": .integer, "data": ["id": .string, "tags": [.string], "note": .optional(.string)]]
/// ```
///
/// An object's members are required unless wrapped in ``optional(_:)``; members the shape
/// does not name are allowed, so a server may add fields without breaking its clients.
public indirect enum JSONShape: Sendable, Hashable {
    /// Any value, `null` included.
    case any
    /// A string.
    case string
    /// A number.
    case number
    /// A number without a fraction.
    case integer
    /// `true` or `false`.
    case bool
    /// `null`.
    case null
    /// An object holding at least these members, each of its shape.
    case object([String: JSONShape])
    /// An array whose every element has this shape.
    case array(of: JSONShape)
    /// As an object's member: missing, `null`, or of this shape. Elsewhere: `null` or this shape.
    case optional(JSONShape)
    /// A value of one of these shapes.
    case anyOf([JSONShape])

    /// Where `value` (`nil`: missing) first departs from the shape, described for an error
    /// message as `at $.data.id: expected a string, found a number`; `nil` when it matches.
    func mismatch(in value: Google_Protobuf_Value?, at path: String = "$") -> String? {
        guard let value else {
            if case .optional = self { return nil }
            return "at \(path): expected \(description), found nothing (the member is missing)"
        }
        switch (self, value.kind) {
        case (.any, _), (.null, .nullValue?), (.null, nil), (.string, .stringValue?), (.number, .numberValue?), (.bool, .boolValue?):
            return nil
        case (.integer, .numberValue(let number)?):
            return number.rounded(.towardZero) == number ? nil : "at \(path): expected an integer, found \(number)"
        case (.optional(let inner), _):
            if case .nullValue? = value.kind { return nil }
            return inner.mismatch(in: value, at: path)
        case (.object(let members), .structValue(let object)?):
            for name in members.keys.sorted() {
                if let found = members[name]?.mismatch(in: object.fields[name], at: path + Self.member(name)) { return found }
            }
            return nil
        case (.array(let element), .listValue(let list)?):
            for (index, item) in list.values.enumerated() {
                if let found = element.mismatch(in: item, at: "\(path)[\(index)]") { return found }
            }
            return nil
        case (.anyOf(let shapes), _):
            if shapes.contains(where: { $0.mismatch(in: value, at: path) == nil }) { return nil }
            return "at \(path): expected \(description), found \(Self.kind(of: value))"
        default:
            return "at \(path): expected \(description), found \(Self.kind(of: value))"
        }
    }

    /// `.name`, or `["name"]` for a name that is not a plain identifier.
    private static func member(_ name: String) -> String {
        let plain = !name.isEmpty && name.utf8.allSatisfy { (byte: UInt8) -> Bool in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
                return true
            default:
                return false
            }
        }
        return plain ? "." + name : "[\"\(name)\"]"
    }

    /// What kind of value `value` is, for a message.
    private static func kind(of value: Google_Protobuf_Value) -> String {
        switch value.kind {
        case .nullValue?, nil: "null"
        case .numberValue?: "a number"
        case .stringValue?: "a string"
        case .boolValue?: "a boolean"
        case .structValue?: "an object"
        case .listValue?: "an array"
        }
    }
}

extension JSONShape: CustomStringConvertible {
    /// The shape in words: `a string`, `an object`, `an array of integers`-like.
    public var description: String {
        switch self {
        case .any: "any value"
        case .string: "a string"
        case .number: "a number"
        case .integer: "an integer"
        case .bool: "a boolean"
        case .null: "null"
        case .object: "an object"
        case .array(let element): "an array of \(element.description)"
        case .optional(let inner): "\(inner.description) or null"
        case .anyOf(let shapes): shapes.map(\.description).joined(separator: " or ")
        }
    }
}

extension JSONShape: ExpressibleByDictionaryLiteral {
    /// An object with these members: `["id": .string, "count": .integer]`.
    public init(dictionaryLiteral elements: (String, JSONShape)...) {
        self = .object(Dictionary(elements) { _, last in last })
    }
}

extension JSONShape: ExpressibleByArrayLiteral {
    /// An array: `[.string]` is an array of strings; `[]` one of any values; `[.string, .integer]`
    /// one whose elements are each a string or an integer.
    public init(arrayLiteral elements: JSONShape...) {
        switch elements.count {
        case 0: self = .array(of: .any)
        case 1: self = .array(of: elements[0])
        default: self = .array(of: .anyOf(elements))
        }
    }
}
