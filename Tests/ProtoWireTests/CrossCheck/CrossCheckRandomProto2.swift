// CrossCheckRandomProto2.swift: seeded random TestAllTypes2 messages reaching every proto2 field kind.

import Foundation
import ProtoWireTestSchema

/// Random values for the proto2 test schema: has-ness, closed enums (declared numbers only,
/// since undeclared ones go to unknown fields by design), required fields always set.
struct RandomProto2 {
    var r: CrossCheckRNG
    let maxDepth: Int

    init(seed: UInt64, maxDepth: Int = 3) {
        r = CrossCheckRNG(state: seed)
        self.maxDepth = maxDepth
    }

    mutating func shade() -> Protohttp_Test2_Shade {
        Protohttp_Test2_Shade.allCases[r.below(Protohttp_Test2_Shade.allCases.count)]
    }

    mutating func level() -> Protohttp_Test2_Level {
        Protohttp_Test2_Level.allCases[r.below(Protohttp_Test2_Level.allCases.count)]
    }

    mutating func nested() -> Protohttp_Test2_Nested2 {
        var m = Protohttp_Test2_Nested2()
        if r.chance(50) { m.a = r.int32() }
        if r.chance(50) { m.b = r.string() }
        return m
    }

    mutating func required() -> Protohttp_Test2_Required2 {
        var m = Protohttp_Test2_Required2()
        m.id = r.int32()
        if r.chance(50) { m.note = r.string() }
        m.inner = nested()
        return m
    }

    mutating func array<T>(_ make: (inout RandomProto2) -> T) -> [T] {
        (0..<r.count()).map { _ in make(&self) }
    }

    mutating func map<K: Hashable, V>(_ key: (inout RandomProto2) -> K, _ value: (inout RandomProto2) -> V) -> [K: V] {
        var m: [K: V] = [:]
        let n = r.chance(35) ? 0 : 1 + r.below(r.chance(80) ? 4 : 16)
        for _ in 0..<n { m[key(&self)] = value(&self) }
        return m
    }

    mutating func message(depth: Int = 0) -> Protohttp_Test2_TestAllTypes2 {
        var m = Protohttp_Test2_TestAllTypes2()
        let p = depth == 0 ? 55 : 30
        if r.chance(p) { m.oInt32 = r.int32() }
        if r.chance(p) { m.oInt64 = r.int64() }
        if r.chance(p) { m.oUint32 = r.uint32() }
        if r.chance(p) { m.oUint64 = r.uint64() }
        if r.chance(p) { m.oSint32 = r.int32() }
        if r.chance(p) { m.oSint64 = r.int64() }
        if r.chance(p) { m.oFixed32 = r.uint32() }
        if r.chance(p) { m.oFixed64 = r.uint64() }
        if r.chance(p) { m.oSfixed32 = r.int32() }
        if r.chance(p) { m.oSfixed64 = r.int64() }
        if r.chance(p) { m.oFloat = r.float() }
        if r.chance(p) { m.oDouble = r.double() }
        if r.chance(p) { m.oBool = r.bool() }
        if r.chance(p) { m.oString = r.string() }
        if r.chance(p) { m.oBytes = r.bytes() }
        if r.chance(p) { m.oShade = shade() }
        if r.chance(p) && depth < maxDepth { m.oNested = nested() }
        if r.chance(p) { m.oShadeNodefault = shade() }

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
        m.rShade = array { $0.shade() }
        m.rNested = array { $0.nested() }

        m.pInt32 = array { $0.r.int32() }
        m.pInt64 = array { $0.r.int64() }
        m.pUint32 = array { $0.r.uint32() }
        m.pUint64 = array { $0.r.uint64() }
        m.pSint32 = array { $0.r.int32() }
        m.pSint64 = array { $0.r.int64() }
        m.pFixed32 = array { $0.r.uint32() }
        m.pFixed64 = array { $0.r.uint64() }
        m.pSfixed32 = array { $0.r.int32() }
        m.pSfixed64 = array { $0.r.int64() }
        m.pFloat = array { $0.r.float() }
        m.pDouble = array { $0.r.double() }
        m.pBool = array { $0.r.bool() }
        m.pShade = array { $0.shade() }

        m.mStringLevel = map({ $0.r.string() }, { $0.level() })
        m.mInt32Nested = map({ $0.r.int32() }, { $0.nested() })

        switch r.below(7) {
        case 0: m.cInt64 = r.int64()
        case 1: m.cString = r.string()
        case 2: m.cNested = nested()
        case 3: m.cShade = shade()
        default: break
        }

        if depth < maxDepth && r.chance(p) && r.chance(40) { m.recursive = message(depth: depth + 1) }
        if r.chance(p) { m.req = required() }
        m.rReq = (0..<(r.chance(70) ? 0 : 1 + r.below(3))).map { _ in required() }
        return m
    }
}
