// CodecMessages.swift: BenchProtoWire messages scaled to a target encoded size: many small nested items, or one bytes field.
import BenchProtoWire
import BenchSupport
import Foundation
import ProtoWire

/// The two shapes of the codec curve, each built to about `bytes` encoded bytes.
enum CodecShape: String, CaseIterable, Sendable {
    /// `protohttp.bench.Medium` with only `r_item` set: repeated nested `Item {id, label}` of
    /// about 20 bytes each (ids growing, labels of 12 to 15 bytes, so Swift keeps them inline):
    /// per-field work, a length prefix per item, one `String` per item when decoding.
    case items
    /// `protohttp.bench.Large` with only `blob` set: one length-delimited bytes field, copy-bound.
    case blob

    /// The message of this shape closest to `bytes` encoded bytes, with its loops.
    func contender(bytes: Int) throws -> CodecContender {
        switch self {
        case .items: return try CodecContender(message: Self.items(bytes: bytes))
        case .blob: return try CodecContender(message: Self.blob(bytes: bytes))
        }
    }

    private static func item(_ index: Int) -> Protohttp_Bench_Item {
        var item = Protohttp_Bench_Item()
        item.id = Int32(truncatingIfNeeded: index)
        item.label = "item \(index % 10_000_000)"
        return item
    }

    /// Items enough for `bytes`: the count is scaled by how far the encoded size is off, three
    /// times (items grow with their ids and labels), which lands within a few per cent.
    private static func items(bytes: Int) -> Protohttp_Bench_Medium {
        var message = Protohttp_Bench_Medium()
        var count = 1_000
        for _ in 0..<3 {
            message.rItem = (0..<count).map(item)
            let size = message.serializedBytes().count
            count = max(1, Int((Double(count) * Double(bytes) / Double(max(1, size))).rounded()))
        }
        message.rItem = (0..<count).map(item)
        return message
    }

    private static func blob(bytes: Int) -> Protohttp_Bench_Large {
        var message = Protohttp_Bench_Large()
        let header = bytes < 128 ? 2 : (bytes < 16_384 ? 3 : (bytes < 2_097_152 ? 4 : 5))
        message.blob = Data((0..<max(0, bytes - header)).map { UInt8(truncatingIfNeeded: ($0 &* 2_654_435_761) >> 13) })
        return message
    }
}

/// One message's encode and decode loops (`n` operations each) and its encoded bytes.
struct CodecContender {
    /// The message's encoding.
    let encoded: [UInt8]
    /// Encodes the message `n` times.
    let encode: (Int) -> Void
    /// Decodes ``encoded`` `n` times.
    let decode: (Int) -> Void

    /// Loops over `message`, checked first: its encoding must decode to an equal message
    /// (decoding is deterministic, so the timed loops need not check again).
    init<M: ProtoMessage>(message: M) throws {
        let encoded = message.serializedBytes()
        guard (try? M(serializedBytes: encoded)) == message else {
            throw ScaleError("codec: a \(M.protoMessageName) of \(encoded.count) bytes does not decode to itself")
        }
        self.encoded = encoded
        encode = { n in
            for _ in 0..<n { blackHole(message.serializedBytes()) }
        }
        decode = { n in
            for _ in 0..<n { blackHole(try? M(serializedBytes: encoded)) }
        }
    }
}
