// NetlinkBytes.swift: bounds-checked reads of host-order integers from a received netlink datagram.

/// A window (`range`) onto a datagram's bytes. Every read checks that it lies inside the window
/// and throws an ``OfflineError`` naming the absolute offset otherwise; nothing here can trap.
/// Netlink integers are in the host's byte order.
package struct NetlinkBytes: Sendable {
    /// The whole datagram.
    package let bytes: [UInt8]
    /// The part of `bytes` this view may read.
    package let range: Range<Int>

    /// A view of all of `bytes`.
    package init(_ bytes: [UInt8]) {
        self.bytes = bytes
        self.range = 0..<bytes.count
    }

    private init(bytes: [UInt8], range: Range<Int>) {
        self.bytes = bytes
        self.range = range
    }

    /// The number of bytes in the window.
    package var count: Int { range.count }

    /// The sub-window of `length` bytes at `offset` (relative to this window), checked.
    package func slice(at offset: Int, length: Int, what: @autoclosure () -> String) throws(OfflineError) -> NetlinkBytes {
        guard offset >= 0, length >= 0, offset <= count, length <= count - offset else {
            throw Self.malformed("\(what()) needs \(length) bytes at offset \(range.lowerBound + offset), but only \(max(0, count - max(0, offset))) remain")
        }
        let start = range.lowerBound + offset
        return NetlinkBytes(bytes: bytes, range: start..<(start + length))
    }

    /// The window from `offset` to its end, checked.
    package func suffix(from offset: Int, what: @autoclosure () -> String) throws(OfflineError) -> NetlinkBytes {
        try slice(at: offset, length: count - min(max(offset, 0), count), what: what())
    }

    /// The window's bytes.
    package var array: [UInt8] { Array(bytes[range]) }

    /// A `UInt8` at `offset`.
    package func uint8(at offset: Int, _ what: @autoclosure () -> String) throws(OfflineError) -> UInt8 {
        try load(UInt8.self, at: offset, what())
    }

    /// A host-order `UInt16` at `offset`.
    package func uint16(at offset: Int, _ what: @autoclosure () -> String) throws(OfflineError) -> UInt16 {
        try load(UInt16.self, at: offset, what())
    }

    /// A host-order `UInt32` at `offset`.
    package func uint32(at offset: Int, _ what: @autoclosure () -> String) throws(OfflineError) -> UInt32 {
        try load(UInt32.self, at: offset, what())
    }

    /// A host-order `Int32` at `offset`.
    package func int32(at offset: Int, _ what: @autoclosure () -> String) throws(OfflineError) -> Int32 {
        try load(Int32.self, at: offset, what())
    }

    private func load<T: FixedWidthInteger>(_ type: T.Type, at offset: Int, _ what: @autoclosure () -> String) throws(OfflineError) -> T {
        let size = MemoryLayout<T>.size
        guard offset >= 0, offset <= count - size else {
            throw Self.malformed("\(what()) (\(size) bytes) at offset \(range.lowerBound + offset) lies outside the \(count) bytes that hold it")
        }
        let start = range.lowerBound + offset
        return bytes.withUnsafeBytes { raw in raw.loadUnaligned(fromByteOffset: start, as: T.self) }
    }

    /// The error for a datagram that breaks netlink's framing.
    package static func malformed(_ detail: String) -> OfflineError {
        OfflineError(.reachability, "a malformed rtnetlink message was received: \(detail). The monitor drops the datagram and dumps the kernel's state again; if this repeats, report it with the kernel version (uname -r).")
    }
}
