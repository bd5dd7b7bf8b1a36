// BodyEncoding.swift: the two body encodings a request can use, binary protobuf or proto3 JSON.

/// How a request body is encoded; the response uses the same encoding.
public enum BodyEncoding: Sendable, Hashable, CustomStringConvertible {
    /// Binary protobuf.
    case binary
    /// Proto3 JSON.
    case json

    /// `"binary"` or `"json"`.
    public var description: String {
        switch self {
        case .binary: "binary"
        case .json: "json"
        }
    }
}
