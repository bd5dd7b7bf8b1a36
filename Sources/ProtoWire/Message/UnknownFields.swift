// UnknownFields.swift: fields a message did not recognise, kept byte-exact.

/// The fields a decoder met but did not recognise, stored exactly as they appeared on the wire
/// (tags included) and written back after the known fields on encode.
///
/// Unknown fields are what keeps a message lossless when it passes through code built against
/// an older or newer schema.
public struct UnknownFields: Hashable, Sendable {
    /// The raw wire bytes, concatenated in the order they were read.
    public var bytes: [UInt8] { storage }

    @usableFromInline
    var storage: [UInt8] = []

    /// Creates an empty set.
    @inlinable
    public init() {}

    /// Creates a set from wire bytes, which must be complete tagged fields.
    public init(bytes: [UInt8]) { self.storage = bytes }

    /// Whether there are no unknown fields.
    @inlinable
    public var isEmpty: Bool { storage.isEmpty }

    /// Appends complete tagged fields.
    @inlinable
    public mutating func append(_ raw: UnsafeRawBufferPointer) {
        storage.append(contentsOf: raw)
    }

    /// Appends a varint field, as decoders do for unknown values of closed (proto2) enums.
    public mutating func appendVarint(fieldNumber: Int, value: UInt64) {
        appendRawVarint(UInt64(FieldTag(fieldNumber: fieldNumber, wireType: .varint).rawValue))
        appendRawVarint(value)
    }

    private mutating func appendRawVarint(_ value: UInt64) {
        var v = value
        while v >= 0x80 {
            storage.append(UInt8(truncatingIfNeeded: v) | 0x80)
            v >>= 7
        }
        storage.append(UInt8(v))
    }

    /// Removes all unknown fields.
    public mutating func removeAll() { storage.removeAll() }

    /// The number of stored bytes.
    @inlinable
    public var count: Int { storage.count }

    /// Writes the stored bytes back.
    @inlinable @inline(__always)
    public func write(to writer: inout WireWriter) {
        if storage.isEmpty { return }
        storage.withUnsafeBytes { writer.writeRawBytes($0) }
    }
}
