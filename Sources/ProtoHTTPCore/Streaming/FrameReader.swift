// FrameReader.swift: length-prefixed messages (gRPC frames, Connect envelopes) cut out of a byte stream as its chunks arrive.

/// Reads length-prefixed messages out of a stream that arrives in chunks of any size: gRPC and
/// gRPC-Web frames, and Connect's streaming envelopes, which share the layout (``GRPCFrame``).
///
/// ```swift
/// var reader = FrameReader(limit: 4 << 20)
/// reader.append(chunk)
/// while let frame = try reader.next().get() { handle(frame) }
/// // at the end of the stream:
/// if let failure = reader.leftover { /* the stream ended inside a frame */ }
/// ```
///
/// A frame's announced length is checked against `limit` as soon as its prefix is in, before
/// any of its payload is kept, so a peer cannot make the reader hold more than `limit` plus one
/// chunk. Consumed bytes are dropped as the reader goes, keeping memory flat over a long stream.
public struct FrameReader: Sendable {
    /// The largest payload a frame may announce.
    public let limit: Int
    private var buffer: [UInt8] = []
    private var start = 0

    /// A reader that refuses frames announcing more than `limit` payload bytes.
    public init(limit: Int = .max) {
        self.limit = limit
    }

    /// Adds the next bytes of the stream.
    public mutating func append<Bytes: Collection<UInt8>>(contentsOf bytes: Bytes) {
        if start > 0, start == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            start = 0
        } else if start > 4096, start * 2 > buffer.count {
            buffer.removeFirst(start)
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// The bytes received and not yet returned in a frame.
    public var bufferedBytes: Int { buffer.count - start }

    /// The next whole frame, `nil` when it has not all arrived yet, or the failure when its
    /// prefix announces more than ``limit``.
    public mutating func next() -> Result<GRPCFrame?, GRPCFrame.ParseFailure> {
        let available = buffer.count - start
        guard available >= GRPCFrame.prefixSize else { return .success(nil) }
        let length = Int(buffer[start + 1]) << 24 | Int(buffer[start + 2]) << 16 | Int(buffer[start + 3]) << 8 | Int(buffer[start + 4])
        guard length <= limit else { return .failure(.tooLarge(announced: length, limit: limit)) }
        guard available - GRPCFrame.prefixSize >= length else { return .success(nil) }
        let payloadStart = start + GRPCFrame.prefixSize
        let frame = GRPCFrame(flags: buffer[start], payload: Array(buffer[payloadStart..<payloadStart + length]))
        start = payloadStart + length
        return .success(frame)
    }

    /// Why the stream cannot end here: it stopped inside a frame's prefix or payload; `nil`
    /// when every byte received belonged to a whole frame.
    public var leftover: GRPCFrame.ParseFailure? {
        let available = buffer.count - start
        if available == 0 { return nil }
        guard available >= GRPCFrame.prefixSize else { return .truncatedPrefix(count: available) }
        let length = Int(buffer[start + 1]) << 24 | Int(buffer[start + 2]) << 16 | Int(buffer[start + 3]) << 8 | Int(buffer[start + 4])
        return .truncatedPayload(announced: length, present: available - GRPCFrame.prefixSize)
    }
}
