// ProtoMessage.swift: the protocol every generated message struct conforms to.

/// A protobuf message: a value type with an empty initializer, equality, unknown fields, and
/// binary and proto3 JSON conformances.
///
/// `protoc-gen-protohttp` generates a data-only struct plus one extension that implements the
/// five underscored requirements (binary size, write and merge; JSON write and merge). Users call
/// the public API in the extensions: ``init(serializedBytes:options:)``,
/// ``merge(serializedBytes:options:)``, ``serializedBytes(options:)``, ``serializedSize``,
/// `init(jsonString:options:)` and `jsonString(options:)`.
///
/// ```swift
/// var point = Demo_Point()
/// point.x = 3
/// let bytes = point.serializedBytes()
/// let back = try Demo_Point(serializedBytes: bytes)
/// ```
public protocol ProtoMessage: Sendable, Hashable {
    /// Creates a message with every field at its default and nothing present.
    init()

    /// The fully qualified protobuf name, e.g. `"protohttp.test.TestAllTypes"`.
    static var protoMessageName: String { get }

    /// Generated: the message described at run time (fields with numbers, names, kinds and
    /// labels, oneofs, extension ranges), which the text format and dynamic messages read the
    /// message through; its ``MessageSchema/fullName`` is ``protoMessageName``.
    static var _protoSchema: MessageSchema { get }

    /// Fields the decoder did not recognise, kept byte-exact and written back on encode.
    var unknownFields: UnknownFields { get set }

    /// Whether every proto2 `required` field, here and in present submessages, is set.
    /// Messages without required fields are always initialized.
    var isInitialized: Bool { get }

    /// Generated: returns the encoded size in bytes, recording the size of every nested
    /// length-delimited payload in `cache` in the order ``_protoWrite(_:)`` will need them.
    func _protoSize(_ cache: inout SizeCache) -> Int

    /// Generated: writes every field, in the same order in which `_protoSize` sized them.
    func _protoWrite(_ writer: inout WireWriter)

    /// Generated: reads fields until `reader.readTag()` returns `nil`, merging each into `self`
    /// and keeping unrecognised ones in ``unknownFields``.
    mutating func _protoMerge(_ reader: inout WireReader) throws(WireError)

    /// Generated: writes the message's proto3 JSON form (an object, or a well-known type's
    /// special form) into `writer`.
    func _protoWriteJSON(_ writer: inout JSONWriter) throws(WireError)

    /// Generated: reads one JSON value (the message's object, or a well-known type's special
    /// form) from `reader` and merges it into `self`.
    mutating func _protoMergeJSON(_ reader: inout JSONReader) throws(WireError)
}

extension ProtoMessage {
    /// Messages without proto2 `required` fields are always initialized.
    public var isInitialized: Bool { true }
}
