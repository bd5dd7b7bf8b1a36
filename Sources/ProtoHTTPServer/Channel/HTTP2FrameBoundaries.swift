// HTTP2FrameBoundaries.swift: where a connection's HTTP/2 frames end, followed from its bytes, so a read can be cut just after an RST_STREAM.
#if HTTP2
import NIOCore

/// Follows the frame layout of an HTTP/2 connection's inbound bytes (the client's preface,
/// then 9-byte frame headers and their payloads), reading only the headers, so
/// ``HTTP2CalmGate`` can end a slice right after each RST_STREAM frame.
///
/// It is an aid to the gate, never a parser NIOHTTP2 depends on: where it cuts changes only
/// how much of a read NIOHTTP2 gets at a time, and NIOHTTP2 keeps partial frames across reads.
struct HTTP2FrameBoundaries {
    /// Bytes of the connection preface (RFC 9113, section 3.4) not yet seen.
    private var prefaceLeft = 24
    /// Bytes of the current frame header seen so far (0 to 8), with its length and type as they arrive.
    private var headerSeen = 0
    private var frameLength = 0
    private var frameType: UInt8 = 0
    /// Payload bytes of the current frame not yet seen, and whether that frame is an RST_STREAM.
    private var payloadLeft = 0
    private var inReset = false

    /// The frame type of RST_STREAM (RFC 9113, section 6.4).
    static let resetStreamType: UInt8 = 0x3

    /// How many of `buffer`'s readable bytes to pass on next: at most `limit`, and no further
    /// than the end of the first RST_STREAM frame that ends within them. Advances past them.
    mutating func nextSliceLength(of buffer: ByteBuffer, limit: Int) -> Int {
        buffer.withUnsafeReadableBytes { bytes in
            let end = min(bytes.count, limit)
            var offset = 0
            while offset < end {
                if prefaceLeft > 0 {
                    let skipped = min(prefaceLeft, end - offset)
                    prefaceLeft -= skipped
                    offset += skipped
                } else if payloadLeft > 0 {
                    let skipped = min(payloadLeft, end - offset)
                    payloadLeft -= skipped
                    offset += skipped
                    if payloadLeft == 0, endFrame() { return offset }
                } else {
                    readHeaderByte(bytes[offset])
                    offset += 1
                    if headerSeen == 0, payloadLeft == 0, endFrame() { return offset }
                }
            }
            return offset
        }
    }

    /// Takes one byte of a frame header: the first three are its length, the fourth its type.
    private mutating func readHeaderByte(_ byte: UInt8) {
        switch headerSeen {
        case 0...2: frameLength = frameLength << 8 | Int(byte)
        case 3: frameType = byte
        default: break
        }
        headerSeen += 1
        guard headerSeen == 9 else { return }
        headerSeen = 0
        payloadLeft = frameLength
        inReset = frameType == Self.resetStreamType
        frameLength = 0
    }

    /// The current frame has ended; whether it was an RST_STREAM.
    private mutating func endFrame() -> Bool {
        defer { inReset = false }
        return inReset
    }
}
#endif
