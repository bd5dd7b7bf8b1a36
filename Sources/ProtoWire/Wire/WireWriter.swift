// WireWriter.swift: appends wire-format bytes into one exactly-sized buffer.

/// Writes protobuf wire-format bytes into a buffer whose size was computed beforehand.
///
/// Generated code calls the `write*` methods in the same field order in which it computed the
/// size, and takes the length of each nested payload from the ``SizeCache`` filled while
/// sizing. The writer checks every write against the end of the buffer, so a size/write
/// mismatch (a bug, never a property of the data) stops the program instead of corrupting
/// memory.
public struct WireWriter {
    @usableFromInline var pointer: UnsafeMutableRawPointer
    @usableFromInline let end: UnsafeMutableRawPointer
    /// The payload sizes recorded while sizing, borrowed for the duration of the write.
    @usableFromInline let sizes: UnsafeBufferPointer<Int>
    @usableFromInline var nextSlot: Int = 0
    /// Whether map entries are written in key order, for byte-stable output.
    public let deterministic: Bool

    @inlinable
    init(buffer: UnsafeMutableRawBufferPointer, sizes: UnsafeBufferPointer<Int>, deterministic: Bool) {
        // An empty buffer may have a nil base address; no write happens in that case.
        let base = buffer.baseAddress ?? UnsafeMutableRawPointer(bitPattern: 0x10)!
        self.pointer = base
        self.end = base + buffer.count
        self.sizes = sizes
        self.deterministic = deterministic
    }

    /// Bytes left before the end of the buffer.
    @inlinable
    public var remaining: Int { end - pointer }

    @inlinable
    func ensure(_ count: Int) {
        precondition(end - pointer >= count, "ProtoWire: encoder wrote past the size it computed")
    }

    /// Takes the next payload size recorded by ``SizeCache/reserve()`` during sizing.
    @inlinable
    public mutating func nextCachedSize() -> Int {
        precondition(nextSlot < sizes.count, "ProtoWire: encoder wrote more nested payloads than it sized")
        let size = sizes[nextSlot]
        nextSlot &+= 1
        return size
    }

    /// Writes a varint.
    @inlinable @inline(__always)
    public mutating func writeVarint(_ value: UInt64) {
        if value < 0x80 {
            ensure(1)
            pointer.storeBytes(of: UInt8(truncatingIfNeeded: value), as: UInt8.self)
            pointer += 1
        } else {
            writeLongVarint(value)
        }
    }

    /// Writes a varint of two or more bytes.
    @inlinable
    mutating func writeLongVarint(_ value: UInt64) {
        ensure(Varint.size(value))
        pointer = Varint.store(value, at: pointer)
    }

    /// Writes a 32-bit varint.
    @inlinable
    public mutating func writeVarint(_ value: UInt32) {
        writeVarint(UInt64(value))
    }

    /// Writes a field tag given as its raw value, `(fieldNumber << 3) | wireType`.
    @inlinable
    public mutating func writeTag(_ rawTag: UInt32) {
        if rawTag < 0x80 {
            ensure(1)
            pointer.storeBytes(of: UInt8(truncatingIfNeeded: rawTag), as: UInt8.self)
            pointer += 1
        } else {
            writeVarint(UInt64(rawTag))
        }
    }

    /// Writes a field tag.
    @inlinable
    public mutating func writeTag(fieldNumber: Int, wireType: WireType) {
        writeTag(FieldTag(fieldNumber: fieldNumber, wireType: wireType).rawValue)
    }

    /// Writes four little-endian bytes.
    @inlinable
    public mutating func writeFixed32(_ value: UInt32) {
        ensure(4)
        pointer.storeBytes(of: value.littleEndian, as: UInt32.self)
        pointer += 4
    }

    /// Writes eight little-endian bytes.
    @inlinable
    public mutating func writeFixed64(_ value: UInt64) {
        ensure(8)
        pointer.storeBytes(of: value.littleEndian, as: UInt64.self)
        pointer += 8
    }

    /// Writes raw bytes with no length prefix.
    @inlinable
    public mutating func writeRawBytes(_ bytes: UnsafeRawBufferPointer) {
        let count = bytes.count
        guard count > 0, let base = bytes.baseAddress else { return }
        ensure(count)
        pointer.copyMemory(from: base, byteCount: count)
        pointer += count
    }
}
