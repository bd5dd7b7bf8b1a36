// CrossCheckRandomProto3.swift: seeded random TestAllTypes3 messages reaching every proto3 field kind.

import Foundation
import ProtoWireTestSchema

/// Random values for the proto3 test schema. Every field is set about half the time at the
/// top level and less deeper down; recursion stops at `maxDepth`.
struct RandomProto3 {
    var r: CrossCheckRNG
    let maxDepth: Int

    init(seed: UInt64, maxDepth: Int = 3) {
        r = CrossCheckRNG(state: seed)
        self.maxDepth = maxDepth
    }

    /// Declared colors mostly, and sometimes numbers the enum does not declare (it is open).
    mutating func color() -> Protohttp_Test_Color {
        if r.chance(15) {
            let undeclared = [5, 100, -2, -100_000, Int(Int32.max), Int(Int32.min)]
            return Protohttp_Test_Color(rawValue: undeclared[r.below(undeclared.count)]) ?? .unspecified
        }
        return Protohttp_Test_Color.allCases[r.below(Protohttp_Test_Color.allCases.count)]
    }

    mutating func nested() -> Protohttp_Test_Nested3 {
        var m = Protohttp_Test_Nested3()
        if r.chance(50) { m.a = r.int32() }
        if r.chance(50) { m.b = r.string() }
        return m
    }

    mutating func array<T>(_ make: (inout RandomProto3) -> T) -> [T] {
        (0..<r.count()).map { _ in make(&self) }
    }

    mutating func map<K: Hashable, V>(_ key: (inout RandomProto3) -> K, _ value: (inout RandomProto3) -> V) -> [K: V] {
        var m: [K: V] = [:]
        let n = r.chance(35) ? 0 : 1 + r.below(r.chance(80) ? 4 : 16)
        for _ in 0..<n { m[key(&self)] = value(&self) }
        return m
    }

    mutating func message(depth: Int = 0) -> Protohttp_Test_TestAllTypes3 {
        var m = Protohttp_Test_TestAllTypes3()
        let p = depth == 0 ? 55 : 30
        if r.chance(p) { m.fInt32 = r.int32() }
        if r.chance(p) { m.fInt64 = r.int64() }
        if r.chance(p) { m.fUint32 = r.uint32() }
        if r.chance(p) { m.fUint64 = r.uint64() }
        if r.chance(p) { m.fSint32 = r.int32() }
        if r.chance(p) { m.fSint64 = r.int64() }
        if r.chance(p) { m.fFixed32 = r.uint32() }
        if r.chance(p) { m.fFixed64 = r.uint64() }
        if r.chance(p) { m.fSfixed32 = r.int32() }
        if r.chance(p) { m.fSfixed64 = r.int64() }
        if r.chance(p) { m.fFloat = r.float() }
        if r.chance(p) { m.fDouble = r.double() }
        if r.chance(p) { m.fBool = r.bool() }
        if r.chance(p) { m.fString = r.string() }
        if r.chance(p) { m.fBytes = r.bytes() }
        if r.chance(p) { m.fEnum = color() }
        if r.chance(p) && depth < maxDepth { m.fNested = nested() }

        m.rInt32 = array { $0.r.int32() }
        m.rInt64 = array { $0.r.int64() }
        m.rUint32 = array { $0.r.uint32() }
        m.rUint64 = array { $0.r.uint64() }
        m.rSint32 = array { $0.r.int32() }
        m.rSint64 = array { $0.r.int64() }
        m.rFixed32 = array { $0.r.uint32() }
        m.rFixed64 = array { $0.r.uint64() }
        m.rSfixed32 = array { $0.r.int32() }
        m.rSfixed64 = array { $0.r.int64() }
        m.rFloat = array { $0.r.float() }
        m.rDouble = array { $0.r.double() }
        m.rBool = array { $0.r.bool() }
        m.rString = array { $0.r.string() }
        m.rBytes = array { $0.r.bytes() }
        m.rEnum = array { $0.color() }
        m.rNested = array { $0.nested() }

        m.uInt32 = array { $0.r.int32() }
        m.uSint64 = array { $0.r.int64() }
        m.uFixed32 = array { $0.r.uint32() }
        m.uDouble = array { $0.r.double() }
        m.uBool = array { $0.r.bool() }
        m.uEnum = array { $0.color() }

        // Keys and values include zeros and -0.0: see ProtobufCNormalizer for how the byte
        // comparison accounts for protobuf-c leaving those out of map entries.
        m.mInt32Int32 = map({ $0.r.int32() }, { $0.r.int32() })
        m.mInt64String = map({ $0.r.int64() }, { $0.r.string() })
        m.mUint32Bytes = map({ $0.r.uint32() }, { $0.r.bytes() })
        m.mUint64Double = map({ $0.r.uint64() }, { $0.r.double() })
        m.mSint32Float = map({ $0.r.int32() }, { $0.r.float() })
        m.mSint64Enum = map({ $0.r.int64() }, { $0.color() })
        m.mFixed32Nested = map({ $0.r.uint32() }, { $0.nested() })
        m.mFixed64Uint64 = map({ $0.r.uint64() }, { $0.r.uint64() })
        m.mSfixed32Sint32 = map({ $0.r.int32() }, { $0.r.int32() })
        m.mSfixed64Bool = map({ $0.r.int64() }, { $0.r.bool() })
        m.mBoolInt64 = map({ $0.r.bool() }, { $0.r.int64() })
        m.mStringString = map({ $0.r.string() }, { $0.r.string() })
        m.mStringNested = map({ $0.r.string() }, { $0.nested() })

        // Every case, including zero values, which a set oneof still writes.
        switch r.below(10) {
        case 0: m.oUint32 = r.uint32()
        case 1: m.oString = r.string()
        case 2: m.oBytes = r.bytes()
        case 3: m.oNested = nested()
        case 4: m.oEnum = color()
        case 5: m.oDouble = r.double()
        default: break
        }

        if depth < maxDepth && r.chance(p) && r.chance(40) { m.recursive = message(depth: depth + 1) }
        if depth < maxDepth && r.chance(25) {
            m.rRecursive = (0..<(1 + r.below(2))).map { _ in message(depth: depth + 1) }
        }
        if r.chance(p) { m.fMaxNumber = r.int32() }
        return m
    }
}
