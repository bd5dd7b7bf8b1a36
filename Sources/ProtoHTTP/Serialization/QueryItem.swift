// QueryItem.swift: one URL query parameter, and the flattening of a JSON object into parameters.
import ProtoWire
import ProtoHTTPCore

/// One `name=value` pair of a URL's query, before percent-escaping.
public struct QueryItem: Sendable, Hashable, CustomStringConvertible {
    /// The parameter's name.
    public var name: String
    /// The parameter's value.
    public var value: String

    /// The parameter `name=value`, before escaping.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }

    /// `name=value`, escaped as in a URL.
    public var description: String {
        FormURLEncodedRequestSerializer.percentEscape(name) + "=" + FormURLEncodedRequestSerializer.percentEscape(value)
    }
}

/// Turns a JSON object into query parameters, the way gRPC transcoding and grpc-gateway read
/// them back: a field is `name=value`; a nested object's fields are `outer.inner=value`; each
/// element of an array of scalars repeats the name; `null` is left out. Strings go as their
/// text, numbers as written, booleans as `true`/`false`.
///
/// ```
/// {"tag": "home", "page": {"size": 10}, "ids": ["a", "b"]}  →  tag=home&page.size=10&ids=a&ids=b
/// ```
enum JSONQuery {
    /// The parameters of `json`, an object, in the order its members appear.
    static func items(_ json: [UInt8], of typeName: String) throws(ProtoHTTPError) -> [QueryItem] {
        do {
            return try JSONReader.parse(json) { (reader: inout JSONReader) throws(WireError) -> [QueryItem] in
                guard try reader.nextValueKind() == .object else {
                    throw WireError(.invalidJSONValue, offset: 0, "only an object's fields can become query parameters")
                }
                var items: [QueryItem] = []
                try flatten(&reader, prefix: "", into: &items)
                return items
            }
        } catch {
            throw ProtoHTTPError(
                code: .invalidArgument,
                message: "\(typeName) cannot be sent as URL query parameters: \(error.message). Query parameters hold scalars, nested fields and lists of scalars; send it in a body (POST) instead."
            )
        }
    }

    private static func flatten(_ reader: inout JSONReader, prefix: String, into items: inout [QueryItem]) throws(WireError) {
        try reader.readObject { (key: JSONString, reader: inout JSONReader) throws(WireError) in
            let name = prefix + key.withBytes { (bytes: UnsafeRawBufferPointer) -> String in String(decoding: bytes, as: UTF8.self) }
            switch try reader.nextValueKind() {
            case .object:
                try flatten(&reader, prefix: name + ".", into: &items)
            case .array:
                try reader.readArray { (element: inout JSONReader) throws(WireError) in
                    guard try element.nextValueKind() != .object, try element.nextValueKind() != .array else {
                        throw WireError(.invalidJSONValue, offset: element.offset, "\"\(name)\" is a list of objects or lists")
                    }
                    if let text = try element.readScalarText() { items.append(QueryItem(name: name, value: text)) }
                }
            case .string, .number, .bool, .null:
                if let text = try reader.readScalarText() { items.append(QueryItem(name: name, value: text)) }
            }
        }
    }
}
