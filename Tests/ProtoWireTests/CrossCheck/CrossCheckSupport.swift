// CrossCheckSupport.swift: seed, random values and C bridging shared by the protobuf-c cross-checks.

import CProtobufCTestSupport
import Foundation

/// The run's base seed: `PROTOWIRE_SEED` when set (decimal or 0x-hex), else time-based.
/// Printed once, and named in every failure, so any run can be replayed.
enum CrossCheckSeed {
    static let base: UInt64 = {
        let env = ProcessInfo.processInfo.environment["PROTOWIRE_SEED"]
        let parsed = env.flatMap { text -> UInt64? in
            text.hasPrefix("0x") ? UInt64(text.dropFirst(2), radix: 16) : UInt64(text)
        }
        let seed = parsed ?? UInt64(Date().timeIntervalSince1970 * 1000)
        print("CrossCheck: PROTOWIRE_SEED=\(seed)\(parsed == nil ? " (time-based; set PROTOWIRE_SEED to replay)" : "")")
        return seed
    }()

    /// The seed of message `index` of one test, independent of the other tests.
    static func seed(test: UInt64, index: Int) -> UInt64 {
        var r = CrossCheckRNG(state: base ^ (test &* 0x9E37_79B9_7F4A_7C15))
        r.state &+= UInt64(index) &* 0xD1B5_4A32_D192_ED03
        return r.next()
    }
}

/// SplitMix64: small, fast, and good enough for test data.
struct CrossCheckRNG: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func below(_ n: Int) -> Int { n <= 0 ? 0 : Int(next() % UInt64(n)) }
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

    /// A count for a repeated field: often empty, mostly small, sometimes long.
    mutating func count() -> Int {
        let roll = below(100)
        return roll < 35 ? 0 : roll < 85 ? 1 + below(3) : roll < 97 ? 4 + below(8) : 12 + below(40)
    }

    /// 64 bits biased to the edges of every integer type; truncation gives the 32-bit edges.
    mutating func integerBits() -> UInt64 {
        let edges: [UInt64] = [
            0, 1, 2, 127, 128, 255, 16383, 16384, 0x7FFF_FFFF, 0x8000_0000, 0xFFFF_FFFF,
            0x1_0000_0000, .max >> 1, 1 << 63, .max, .max - 1, 0xFFFF_FFFF_8000_0000,
        ]
        switch below(6) {
        case 0: return edges[below(edges.count)]
        case 1: return UInt64(below(300))
        case 2: return UInt64(bitPattern: -Int64(below(300) + 1))
        default: return next() >> UInt64(below(64))
        }
    }

    mutating func int32() -> Int32 { Int32(truncatingIfNeeded: integerBits()) }
    mutating func int64() -> Int64 { Int64(bitPattern: integerBits()) }
    mutating func uint32() -> UInt32 { UInt32(truncatingIfNeeded: integerBits()) }
    mutating func uint64() -> UInt64 { integerBits() }
    mutating func bool() -> Bool { next() & 1 == 1 }

    /// Zeros of both signs, NaNs with payloads, infinities, subnormals, extremes, plain values.
    mutating func float() -> Float {
        let special: [UInt32] = [
            0, 0x8000_0000, 0x7FC0_0000, 0xFFC0_0000, 0x7FC1_2345, 0x7F80_0001, 0x7F80_0000,
            0xFF80_0000, 1, 0x8000_0001, 0x0080_0000, 0x7F7F_FFFF, 0xFF7F_FFFF, 0x3F80_0000,
        ]
        switch below(3) {
        case 0: return Float(bitPattern: special[below(special.count)])
        case 1: return Float(bitPattern: UInt32(truncatingIfNeeded: next()))
        default: return Float(below(2001) - 1000) / 8
        }
    }

    mutating func double() -> Double {
        let special: [UInt64] = [
            0, 1 << 63, 0x7FF8_0000_0000_0000, 0xFFF8_0000_0000_0000, 0x7FF8_0000_0001_2345,
            0x7FF0_0000_0000_0001, 0x7FF0_0000_0000_0000, 0xFFF0_0000_0000_0000, 1,
            0x8000_0000_0000_0001, 0x0010_0000_0000_0000, 0x7FEF_FFFF_FFFF_FFFF, 0xFFEF_FFFF_FFFF_FFFF,
        ]
        switch below(3) {
        case 0: return Double(bitPattern: special[below(special.count)])
        case 1: return Double(bitPattern: next())
        default: return Double(below(2001) - 1000) / 16
        }
    }

    /// A length: often empty, mostly short, sometimes past the one- and two-byte prefixes.
    mutating func length() -> Int {
        let roll = below(1000)
        if roll < 250 { return 0 }
        if roll < 750 { return 1 + below(10) }
        if roll < 950 { return 11 + below(120) }
        if roll < 999 { return 130 + below(300) }
        return 5000 + below(12000)
    }

    /// A string of one- to four-byte UTF-8 characters, never U+0000 (protobuf-c strings end
    /// at NUL) and never a surrogate.
    mutating func string() -> String {
        let n = length()
        var scalars = String.UnicodeScalarView()
        for _ in 0..<n {
            let kind = below(10)
            var value: UInt32
            if kind < 5 {
                value = 1 + UInt32(below(127))
            } else if kind < 7 {
                value = 0x80 + UInt32(below(0x800 - 0x80))
            } else if kind < 9 {
                repeat { value = 0x800 + UInt32(below(0x10000 - 0x800)) } while (0xD800...0xDFFF).contains(value)
            } else {
                value = 0x10000 + UInt32(below(0x110000 - 0x10000))
            }
            if let scalar = Unicode.Scalar(value) { scalars.append(scalar) }
        }
        return String(scalars)
    }

    mutating func bytes() -> Data {
        let n = length()
        var data = Data(count: n)
        for i in 0..<n { data[i] = UInt8(truncatingIfNeeded: next()) }
        return data
    }
}

/// Copies a C buffer into Swift and frees it.
func takeBuffer(_ buffer: inout PCXBuffer) -> [UInt8] {
    defer { pcx_buffer_free(&buffer) }
    guard let data = buffer.data else { return [] }
    return Array(UnsafeBufferPointer(start: data, count: buffer.len))
}

/// What protobuf-c made of some bytes: its dump and its re-pack. `nil` when it rejected them.
struct ProtobufCView {
    let dump: String
    let packed: [UInt8]

    /// Unpacks with protobuf-c, dumps, packs back and frees.
    init?(unpacking bytes: [UInt8], schema: PCXSchema) {
        let message = bytes.withUnsafeBufferPointer { pcx_unpack(schema, $0.baseAddress, $0.count) }
        guard let message else { return nil }
        defer { pcx_message_free(message) }
        self.init(message: message)
    }

    /// A message built by protobuf-c's side from `seed` (pcx_random_message), dumped and packed.
    init?(randomSeed seed: UInt64, schema: PCXSchema, maxDepth: Int32) {
        guard let message = pcx_random_message(schema, seed, maxDepth) else { return nil }
        defer { pcx_message_free(message) }
        self.init(message: message)
    }

    private init?(message: UnsafeMutableRawPointer) {
        var dumpBuffer = PCXBuffer()
        var packBuffer = PCXBuffer()
        guard pcx_dump(message, &dumpBuffer) == 0 else { return nil }
        let dumpBytes = takeBuffer(&dumpBuffer)
        guard pcx_pack(message, &packBuffer) == 0 else { return nil }
        dump = String(decoding: dumpBytes, as: UTF8.self)
        packed = takeBuffer(&packBuffer)
    }
}

/// Short hex for failure messages.
func hex(_ bytes: some Collection<UInt8>, limit: Int = 400) -> String {
    let shown = bytes.prefix(limit).map { String(format: "%02x", $0) }.joined()
    return bytes.count > limit ? shown + "…(\(bytes.count) bytes)" : shown
}

/// Where two byte strings first differ, with 32 bytes of each from a little before that point.
func byteDiff(_ label1: String, _ a: [UInt8], _ label2: String, _ b: [UInt8]) -> String {
    let same = zip(a, b).prefix { $0 == $1 }.count
    let from = max(0, same - 8)
    return """
        first difference at byte \(same) (sizes \(a.count) and \(b.count)); from byte \(from):
          \(label1): \(hex(a[from...], limit: 32))
          \(label2): \(hex(b[from...], limit: 32))
          \(label1), whole: \(hex(a))
          \(label2), whole: \(hex(b))
        """
}
