// ErrorDetail.swift: one Connect error detail: a protobuf type name and the message's binary bytes.
public import ProtoWire

/// One entry of a Connect error's `details`: a self-describing protobuf message, as the server
/// packed it into a `google.protobuf.Any` (the type name without the `type.googleapis.com/`
/// prefix, and the message's binary encoding, which arrives base64-encoded in the JSON).
public struct ErrorDetail: Hashable, Sendable, CustomStringConvertible {
    /// The fully qualified protobuf type name, e.g. `"google.rpc.RetryInfo"`.
    public var type: String
    /// The detail message's binary protobuf encoding.
    public var value: [UInt8]

    /// A detail: a message's full type name and its binary encoding.
    public init(type: String, value: [UInt8]) {
        self.type = type
        self.value = value
    }

    /// Decodes the detail as `M`, or returns `nil` when ``type`` names another message
    /// (compared with `M.protoMessageName`) or the bytes do not decode.
    public func unpack<M: ProtoMessage>(_ type: M.Type) -> M? {
        guard self.type == M.protoMessageName else { return nil }
        return try? M(serializedBytes: value)
    }

    /// `<type> (<n> bytes)`.
    public var description: String { "\(type) (\(value.count) bytes)" }
}
