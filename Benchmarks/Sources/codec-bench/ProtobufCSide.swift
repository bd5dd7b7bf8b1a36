// ProtobufCSide.swift: wraps the protobuf-c pack/unpack loops written in C.

import BenchProtobufC
import BenchSupport

/// The protobuf-c messages (built in C) and loops.
enum ProtobufCSide {
    /// The contender for `benchCase`; encode and decode run their loops in C.
    static func contender(_ benchCase: BenchCase) -> Contender {
        let which = benchCase.cCase
        if BenchCase.realWorld.contains(benchCase) {
            // protobuf-c's message is ProtoWire's content, unpacked once.
            let source = ProtoWireSide.realWorldBytes(benchCase)
            let adopted = source.withUnsafeBufferPointer { bench_c_adopt(which, $0.baseAddress, $0.count) }
            guard adopted == 1 else { fatalError("protobuf-c cannot unpack ProtoWire's \(benchCase) bytes") }
        }
        let bytes = pack(which)
        return Contender(
            bytes: bytes,
            encode: { n in
                blackHole(bench_c_encode_loop(which, n))
            },
            decode: { n in
                let done = bytes.withUnsafeBufferPointer { bench_c_decode_loop(which, $0.baseAddress, $0.count, n) }
                guard done == UInt64(n) else { fatalError("protobuf-c failed to unpack its own \(benchCase) bytes") }
            })
    }

    /// protobuf-c's encoding of the case's message.
    static func pack(_ which: BenchCCase) -> [UInt8] {
        let size = bench_c_packed_size(which)
        return [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            count = bench_c_pack(which, buffer.baseAddress, size)
            precondition(count == size, "protobuf-c packed \(count) bytes, expected \(size)")
        }
    }

    /// Unpacks `bytes` with protobuf-c and packs the result again, or returns `nil` if
    /// protobuf-c rejects the input.
    static func repack(_ benchCase: BenchCase, _ bytes: [UInt8]) -> [UInt8]? {
        let capacity = bytes.count + 64
        var failed = false
        let out = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
            count = bytes.withUnsafeBufferPointer {
                bench_c_repack(benchCase.cCase, $0.baseAddress, $0.count, buffer.baseAddress, capacity)
            }
            failed = count == 0 && !bytes.isEmpty
        }
        return failed ? nil : out
    }
}
