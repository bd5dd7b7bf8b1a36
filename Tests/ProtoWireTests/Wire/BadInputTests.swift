// BadInputTests.swift: one test per kind of malformed input; each must throw a clear WireError.

import Foundation
import ProtoWire
import ProtoWireTestSchema
import Testing

private typealias Msg = Protohttp_Test_TestAllTypes3

/// Decodes `bytes` as TestAllTypes3 and returns the error it must throw.
private func decodeError(_ bytes: [UInt8], options: DecodingOptions = DecodingOptions()) -> WireError? {
    do {
        _ = try Msg(serializedBytes: bytes, options: options)
        return nil
    } catch {
        return error
    }
}

@Suite struct BadInputTests {
    @Test func truncatedVarintValue() throws {
        // field 1 (int32), varint 0x80 0x80 with no final byte
        let error = try #require(decodeError([0x08, 0x80, 0x80]))
        #expect(error.code == .truncated)
        #expect(error.offset == 1)
        #expect(error.description.contains("byte 1"))
    }

    @Test func truncatedFixedValues() throws {
        // field 7 (fixed32) with 3 of 4 bytes; field 8 (fixed64) with 7 of 8 bytes
        #expect(decodeError([0x3D, 1, 2, 3])?.code == .truncated)
        #expect(decodeError([0x41, 1, 2, 3, 4, 5, 6, 7])?.code == .truncated)
        #expect(decodeError([0x41, 1, 2, 3, 4, 5, 6, 7])?.offset == 1)
    }

    @Test func truncatedTag() throws {
        // field 536870911's five-byte tag, cut after two bytes
        let error = try #require(decodeError([0xF8, 0xFF]))
        #expect(error.code == .truncated)
        #expect(error.offset == 0)
    }

    @Test func everyPrefixOfAValidMessageFailsCleanlyOrDecodes() throws {
        var msg = Msg()
        msg.fInt64 = -5
        msg.fString = "truncate me"
        msg.fNested.b = "inner"
        msg.rSint64 = [1, -300, 70000]
        msg.mStringNested = ["key": Protohttp_Test_Nested3()]
        msg.recursive.fDouble = 2.5
        msg.fMaxNumber = 9
        let bytes = msg.serializedBytes()
        var failures = 0
        for cut in 0..<bytes.count {
            let prefix = Array(bytes[..<cut])
            if let error = decodeError(prefix) {
                #expect(error.code == .truncated, "prefix \(cut): \(error)")
                #expect(error.offset.map { $0 >= 0 && $0 <= cut } == true, "prefix \(cut): \(error)")
                failures += 1
            }
        }
        // Only cuts at top-level field boundaries decode; most prefixes must fail.
        #expect(failures > bytes.count / 2)
        #expect(try Msg(serializedBytes: bytes) == msg)
    }

    @Test func varintLongerThanTenBytes() throws {
        let bytes: [UInt8] = [0x08] + [UInt8](repeating: 0xFF, count: 10) + [0x01]
        let error = try #require(decodeError(bytes))
        #expect(error.code == .malformedVarint)
        #expect(error.offset == 1)
    }

    @Test func tenthVarintByteOverflowing64Bits() throws {
        // Nine continuation bytes then 0x02: bit 64 would be set.
        let bytes: [UInt8] = [0x08] + [UInt8](repeating: 0xFF, count: 9) + [0x02]
        #expect(decodeError(bytes)?.code == .malformedVarint)
        // 0x01 as the tenth byte is the largest legal value.
        let ok: [UInt8] = [0x20] + [UInt8](repeating: 0xFF, count: 9) + [0x01]
        #expect(try Msg(serializedBytes: ok).fUint64 == .max)
    }

    @Test(arguments: [UInt8(6), 7])
    func undefinedWireTypes(_ wireType: UInt8) throws {
        let error = try #require(decodeError([0x08, 0x01, (2 << 3) | wireType, 0x00]))
        #expect(error.code == .invalidWireType)
        #expect(error.offset == 2)
        #expect(error.message.contains("wire type \(wireType)"))
    }

    @Test func fieldNumberZero() throws {
        let error = try #require(decodeError([0x00, 0x01]))
        #expect(error.code == .invalidFieldNumber)
        #expect(error.offset == 0)
    }

    @Test func fieldNumberAboveMaximum() throws {
        // 2^29 << 3 = 2^32: varint 80 80 80 80 10, wire type 0
        let error = try #require(decodeError([0x80, 0x80, 0x80, 0x80, 0x10, 0x01]))
        #expect(error.code == .invalidFieldNumber)
        #expect(error.message.contains("536870912"))
        // A tag varint far beyond 32 bits is rejected the same way.
        #expect(decodeError([0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01, 0x01])?.code == .invalidFieldNumber)
    }

    @Test func lengthBeyondRemainingInput() throws {
        // field 14 (string) declares 5 bytes, 1 follows
        let error = try #require(decodeError([0x72, 0x05, 0x61]))
        #expect(error.code == .truncated)
        #expect(error.offset == 1)
        #expect(error.message.contains("length prefix 5"))
    }

    @Test func lengthAboveInt32Max() throws {
        // field 15 (bytes), length 2^31 = varint 80 80 80 80 08
        let error = try #require(decodeError([0x7A, 0x80, 0x80, 0x80, 0x80, 0x08]))
        #expect(error.code == .invalidLength)
        #expect(error.offset == 1)
    }

    @Test func hugePackedLengthDoesNotAllocate() throws {
        // field 34 packed (uint64) declares 2^31-1 bytes with 2 present: must fail before reserving.
        let error = try #require(decodeError([0x92, 0x02, 0xFF, 0xFF, 0xFF, 0xFF, 0x07, 0x01, 0x02]))
        #expect(error.code == .truncated)
    }

    @Test func packedFixedLengthNotAMultiple() throws {
        // field 37 packed fixed32 with 5 bytes
        let error = try #require(decodeError([0xAA, 0x02, 0x05, 1, 2, 3, 4, 5]))
        #expect(error.code == .invalidLength)
    }

    @Test func endGroupWithoutStart() throws {
        let error = try #require(decodeError([0x08, 0x01, 0x2C]))  // end-group, field 5
        #expect(error.code == .unmatchedEndGroup)
        #expect(error.offset == 2)
    }

    @Test func mismatchedEndGroup() throws {
        // start-group field 200 (unknown), end-group field 201
        let error = try #require(decodeError([0xC3, 0x0C, 0x08, 0x01, 0xCC, 0x0C]))
        #expect(error.code == .mismatchedGroup)
        #expect(error.offset == 4)
        #expect(error.message.contains("201"))
    }

    @Test func unterminatedGroup() throws {
        let error = try #require(decodeError([0xC3, 0x0C, 0x08, 0x01]))
        #expect(error.code == .truncated)
        #expect(error.offset == 0)
    }

    @Test func endGroupInsideSubmessageIsUnmatched() throws {
        // field 17 = submessage { end-group 200 }: a submessage is not a group scope
        let error = try #require(decodeError([0x8A, 0x01, 0x02, 0xC4, 0x0C]))
        #expect(error.code == .unmatchedEndGroup)
        #expect(error.offset == 3)
    }

    @Test(arguments: [
        [UInt8]([0xC3, 0x28]),              // C3 followed by a non-continuation byte
        [0xED, 0xA0, 0x80],                 // an encoded UTF-16 surrogate
        [0xC0, 0xAF],                       // an overlong encoding of "/"
        [0xF4, 0x90, 0x80, 0x80],           // above U+10FFFF
        [0x61, 0xFF],                       // 0xFF never appears in UTF-8
    ])
    func invalidUTF8InString(_ payload: [UInt8]) throws {
        let error = try #require(decodeError([0x72, UInt8(payload.count)] + payload))
        #expect(error.code == .invalidUTF8)
        #expect(error.offset == 1)
        // The same bytes are fine in a bytes field (15).
        #expect(try Msg(serializedBytes: [0x7A, UInt8(payload.count)] + payload).fBytes == Data(payload))
    }

    @Test func nestingDeeperThanDefaultLimit() throws {
        func nested(_ depth: Int) -> Msg {
            var m = Msg()
            m.fInt32 = 1
            for _ in 0..<depth {
                var parent = Msg()
                parent.recursive = m
                m = parent
            }
            return m
        }
        // 100 nested submessages decode; 101 do not.
        #expect(try Msg(serializedBytes: nested(100).serializedBytes()) == nested(100))
        let error = try #require(decodeError(nested(101).serializedBytes()))
        #expect(error.code == .depthLimitExceeded)
        #expect(error.message.contains("100"))
        // The limit is configurable.
        #expect(decodeError(nested(6).serializedBytes(), options: DecodingOptions(maxDepth: 5))?.code == .depthLimitExceeded)
        #expect(decodeError(nested(5).serializedBytes(), options: DecodingOptions(maxDepth: 5)) == nil)
        #expect(decodeError(nested(150).serializedBytes(), options: DecodingOptions(maxDepth: 200)) == nil)
    }

    @Test func deeplyNestedUnknownGroupsHitTheLimitNotTheStack() throws {
        // 100,000 start-group tags for unknown field 200, never closed.
        let bytes = [UInt8]((0..<100_000).flatMap { _ in [UInt8(0xC3), 0x0C] })
        let error = try #require(decodeError(bytes))
        #expect(error.code == .depthLimitExceeded)
    }

    @Test func deeplyNestedMapValuesHitTheLimit() throws {
        // map<string, Nested3> entries are messages: an entry nests one level.
        var m = Msg()
        m.mStringNested = ["k": Protohttp_Test_Nested3()]
        let error = decodeError(m.serializedBytes(), options: DecodingOptions(maxDepth: 1))
        #expect(error?.code == .depthLimitExceeded)
        #expect(decodeError(m.serializedBytes(), options: DecodingOptions(maxDepth: 2)) == nil)
    }

    @Test func randomCorruptionNeverCrashes() throws {
        var msg = Msg()
        msg.fString = "corrupt"
        msg.rInt64 = [1, -1, .max]
        msg.mInt32Int32 = [1: 2, 3: 4]
        msg.oNested.a = 3
        msg.recursive.rNested = [Protohttp_Test_Nested3()]
        msg.unknownFields = UnknownFields(bytes: [0xC3, 0x0C, 0x08, 0x01, 0xC4, 0x0C])
        let good = msg.serializedBytes()
        var rng = SplitMix64(seed: 0x5EED)
        var decoded = 0
        for _ in 0..<20_000 {
            var bytes = good
            for _ in 0..<(1 + Int(rng.next() % 4)) {
                let i = Int(rng.next() % UInt64(bytes.count))
                bytes[i] = UInt8(truncatingIfNeeded: rng.next())
            }
            if rng.next() % 4 == 0 { bytes.removeLast(Int(rng.next() % UInt64(bytes.count))) }
            if let m = try? Msg(serializedBytes: bytes) {
                // Whatever decodes must re-encode and decode to the same message.
                let stable = EncodingOptions(deterministic: true)
                let again = try Msg(serializedBytes: m.serializedBytes(options: stable))
                #expect(again.serializedBytes(options: stable) == m.serializedBytes(options: stable))
                decoded += 1
            }
        }
        #expect(decoded > 0)
    }
}

/// A tiny deterministic generator for reproducible fuzzing.
struct SplitMix64 {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
