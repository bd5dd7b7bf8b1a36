// GRPCFrame.swift: gRPC's length-prefixed message: a flags byte, a 4-byte big-endian length, the payload.

/// One length-prefixed message of a gRPC or gRPC-Web body.
///
/// ```
/// +-------+----------------------+-------------------+
/// | flags | length (u32, BE)     | payload (length)  |
/// +-------+----------------------+-------------------+
/// flags bit 0: the payload is compressed with the body's grpc-encoding
/// flags bit 7: gRPC-Web only: the payload is the trailer block, not a message
/// ```
public struct GRPCFrame: Sendable, Hashable {
    /// The flags byte.
    public var flags: UInt8
    /// The message (or, in gRPC-Web, the trailer block).
    public var payload: [UInt8]

    /// Bit 0 of the flags: the payload is compressed.
    public static let compressedFlag: UInt8 = 0x01
    /// Bit 7 of the flags: a gRPC-Web trailer block.
    public static let trailersFlag: UInt8 = 0x80
    /// The flags byte and the length before every payload.
    public static let prefixSize = 5

    /// A frame of `payload` with `flags`.
    public init(flags: UInt8 = 0, payload: [UInt8]) {
        self.flags = flags
        self.payload = payload
    }

    /// Whether the payload is compressed (flags bit 0).
    public var isCompressed: Bool { flags & Self.compressedFlag != 0 }
    /// Whether this is a gRPC-Web trailer block (flags bit 7).
    public var isTrailers: Bool { flags & Self.trailersFlag != 0 }

    /// Appends the frame, prefix and payload, to `out`.
    public func write(into out: inout [UInt8]) {
        out.reserveCapacity(out.count + Self.prefixSize + payload.count)
        out.append(flags)
        let length = UInt32(truncatingIfNeeded: payload.count)
        out.append(UInt8(truncatingIfNeeded: length >> 24))
        out.append(UInt8(truncatingIfNeeded: length >> 16))
        out.append(UInt8(truncatingIfNeeded: length >> 8))
        out.append(UInt8(truncatingIfNeeded: length))
        out.append(contentsOf: payload)
    }

    /// The frame's bytes, prefix and payload.
    public var bytes: [UInt8] {
        var out: [UInt8] = []
        write(into: &out)
        return out
    }

    /// Why a body did not split into frames.
    public enum ParseFailure: Error, Sendable, Hashable, CustomStringConvertible {
        /// The body ends inside a frame's 5-byte prefix, `count` bytes into it.
        case truncatedPrefix(count: Int)
        /// A frame announces `announced` payload bytes and only `present` follow.
        case truncatedPayload(announced: Int, present: Int)
        /// A frame announces more than `limit` bytes.
        case tooLarge(announced: Int, limit: Int)

        /// What is wrong, in a sentence part.
        public var description: String {
            switch self {
            case .truncatedPrefix(let count):
                "the body ends \(count) bytes into a 5-byte message prefix"
            case .truncatedPayload(let announced, let present):
                "a message announces \(announced) bytes but only \(present) follow"
            case .tooLarge(let announced, let limit):
                "a message announces \(announced) bytes, more than the limit of \(limit)"
            }
        }
    }

    /// Splits a whole body into its frames, in order. Every frame must be complete, and none
    /// may announce more than `limit` bytes (checked before the payload is read).
    public static func parse(_ body: [UInt8], limit: Int = .max) -> Result<[GRPCFrame], ParseFailure> {
        var frames: [GRPCFrame] = []
        var index = 0
        while index < body.count {
            guard body.count - index >= prefixSize else { return .failure(.truncatedPrefix(count: body.count - index)) }
            let length = Int(body[index + 1]) << 24 | Int(body[index + 2]) << 16 | Int(body[index + 3]) << 8 | Int(body[index + 4])
            guard length <= limit else { return .failure(.tooLarge(announced: length, limit: limit)) }
            let start = index + prefixSize
            guard body.count - start >= length else { return .failure(.truncatedPayload(announced: length, present: body.count - start)) }
            frames.append(GRPCFrame(flags: body[index], payload: Array(body[start..<start + length])))
            index = start + length
        }
        return .success(frames)
    }
}
