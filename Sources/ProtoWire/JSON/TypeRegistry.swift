// TypeRegistry.swift: message types by full protobuf name, for google.protobuf.Any in JSON.

/// The message types a JSON `google.protobuf.Any` may hold, looked up by the full message
/// name at the end of its type URL (`type.googleapis.com/pkg.Msg` → `pkg.Msg`).
///
/// The well-known types are always known; register the generated types your `Any`s carry:
///
/// ```swift
/// let registry = TypeRegistry([Pkg_Point.self, Pkg_Line.self])
/// let json = try message.jsonString(options: JSONEncodingOptions(typeRegistry: registry))
/// let back = try Pkg_Holder(jsonString: json, options: JSONDecodingOptions(typeRegistry: registry))
/// ```
public struct TypeRegistry: Sendable {
    @usableFromInline var byName: [String: any ProtoMessage.Type] = [:]

    /// Creates a registry of `types` (plus the well-known types).
    public init(_ types: [any ProtoMessage.Type] = []) {
        for t in types { register(t) }
    }

    /// Adds `type`, replacing a type of the same name.
    public mutating func register(_ type: any ProtoMessage.Type) {
        byName[type.protoMessageName] = type
    }

    /// The type named `name` (a full message name, or a type URL), or `nil`.
    public func type(named name: String) -> (any ProtoMessage.Type)? {
        let bare = name.lastIndex(of: "/").map { String(name[name.index(after: $0)...]) } ?? name
        return byName[bare] ?? TypeRegistry.wellKnown[bare]
    }

    /// The well-known types, always resolvable.
    static let wellKnown: [String: any ProtoMessage.Type] = {
        let types: [any ProtoMessage.Type] = [
            Google_Protobuf_Any.self, Google_Protobuf_Duration.self, Google_Protobuf_Empty.self,
            Google_Protobuf_FieldMask.self, Google_Protobuf_Struct.self, Google_Protobuf_Value.self,
            Google_Protobuf_ListValue.self, Google_Protobuf_Timestamp.self,
            Google_Protobuf_DoubleValue.self, Google_Protobuf_FloatValue.self, Google_Protobuf_Int64Value.self,
            Google_Protobuf_UInt64Value.self, Google_Protobuf_Int32Value.self, Google_Protobuf_UInt32Value.self,
            Google_Protobuf_BoolValue.self, Google_Protobuf_StringValue.self, Google_Protobuf_BytesValue.self,
        ]
        return Dictionary(uniqueKeysWithValues: types.map { ($0.protoMessageName, $0) })
    }()
}
