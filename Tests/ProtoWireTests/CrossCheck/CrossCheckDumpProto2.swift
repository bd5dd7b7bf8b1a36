// CrossCheckDumpProto2.swift: the canonical dump of TestAllTypes2, matching pcx_dump.c field for field.

import ProtoWire
import ProtoWireTestSchema

extension DumpWriter {
    mutating func dump(_ m: Protohttp_Test2_Nested2) {
        message(unknown: m.unknownFields) { w in
            w.optional(1, m.hasA ? m.a : nil) { $0.int($1) }
            w.optional(2, m.hasB ? m.b : nil) { $0.string($1) }
        }
    }

    mutating func dump(_ m: Protohttp_Test2_Required2) {
        message(unknown: m.unknownFields) { w in
            w.field(1) { $0.int(m.id) }
            w.optional(2, m.hasNote ? m.note : nil) { $0.string($1) }
            w.field(3) { $0.dump(m.inner) }
        }
    }

    mutating func dump(_ m: Protohttp_Test2_TestAllTypes2) {
        message(unknown: m.unknownFields) { w in
            w.optional(1, m.hasOInt32 ? m.oInt32 : nil) { $0.int($1) }
            w.optional(2, m.hasOInt64 ? m.oInt64 : nil) { $0.int($1) }
            w.optional(3, m.hasOUint32 ? m.oUint32 : nil) { $0.int($1) }
            w.optional(4, m.hasOUint64 ? m.oUint64 : nil) { $0.int($1) }
            w.optional(5, m.hasOSint32 ? m.oSint32 : nil) { $0.int($1) }
            w.optional(6, m.hasOSint64 ? m.oSint64 : nil) { $0.int($1) }
            w.optional(7, m.hasOFixed32 ? m.oFixed32 : nil) { $0.int($1) }
            w.optional(8, m.hasOFixed64 ? m.oFixed64 : nil) { $0.int($1) }
            w.optional(9, m.hasOSfixed32 ? m.oSfixed32 : nil) { $0.int($1) }
            w.optional(10, m.hasOSfixed64 ? m.oSfixed64 : nil) { $0.int($1) }
            w.optional(11, m.hasOFloat ? m.oFloat : nil) { $0.float($1) }
            w.optional(12, m.hasODouble ? m.oDouble : nil) { $0.double($1) }
            w.optional(13, m.hasOBool ? m.oBool : nil) { $0.bool($1) }
            w.optional(14, m.hasOString ? m.oString : nil) { $0.string($1) }
            w.optional(15, m.hasOBytes ? m.oBytes : nil) { $0.bytes($1) }
            w.optional(16, m.hasOShade ? m.oShade : nil) { $0.enumValue($1) }
            w.optional(17, m.hasONested ? m.oNested : nil) { $0.dump($1) }
            w.optional(18, m.hasOShadeNodefault ? m.oShadeNodefault : nil) { $0.enumValue($1) }

            w.repeated(31, m.rInt32) { $0.int($1) }
            w.repeated(32, m.rInt64) { $0.int($1) }
            w.repeated(33, m.rUint32) { $0.int($1) }
            w.repeated(34, m.rUint64) { $0.int($1) }
            w.repeated(35, m.rSint32) { $0.int($1) }
            w.repeated(36, m.rSint64) { $0.int($1) }
            w.repeated(37, m.rFixed32) { $0.int($1) }
            w.repeated(38, m.rFixed64) { $0.int($1) }
            w.repeated(39, m.rSfixed32) { $0.int($1) }
            w.repeated(40, m.rSfixed64) { $0.int($1) }
            w.repeated(41, m.rFloat) { $0.float($1) }
            w.repeated(42, m.rDouble) { $0.double($1) }
            w.repeated(43, m.rBool) { $0.bool($1) }
            w.repeated(44, m.rString) { $0.string($1) }
            w.repeated(45, m.rBytes) { $0.bytes($1) }
            w.repeated(46, m.rShade) { $0.enumValue($1) }
            w.repeated(47, m.rNested) { $0.dump($1) }

            w.repeated(61, m.pInt32) { $0.int($1) }
            w.repeated(62, m.pInt64) { $0.int($1) }
            w.repeated(63, m.pUint32) { $0.int($1) }
            w.repeated(64, m.pUint64) { $0.int($1) }
            w.repeated(65, m.pSint32) { $0.int($1) }
            w.repeated(66, m.pSint64) { $0.int($1) }
            w.repeated(67, m.pFixed32) { $0.int($1) }
            w.repeated(68, m.pFixed64) { $0.int($1) }
            w.repeated(69, m.pSfixed32) { $0.int($1) }
            w.repeated(70, m.pSfixed64) { $0.int($1) }
            w.repeated(71, m.pFloat) { $0.float($1) }
            w.repeated(72, m.pDouble) { $0.double($1) }
            w.repeated(73, m.pBool) { $0.bool($1) }
            w.repeated(74, m.pShade) { $0.enumValue($1) }

            w.map(81, m.mStringLevel, key: { $0.string($1) }, value: { $0.enumValue($1) })
            w.map(82, m.mInt32Nested, key: { $0.int($1) }, value: { $0.dump($1) })

            switch m.choice {
            case .cInt64(let v)?: w.field(91) { $0.int(v) }
            case .cString(let v)?: w.field(92) { $0.string(v) }
            case .cNested(let v)?: w.field(93) { $0.dump(v) }
            case .cShade(let v)?: w.field(94) { $0.enumValue(v) }
            case nil: break
            }

            w.optional(100, m.hasRecursive ? m.recursive : nil) { $0.dump($1) }
            w.optional(101, m.hasReq ? m.req : nil) { $0.dump($1) }
            w.repeated(102, m.rReq) { $0.dump($1) }
        }
    }
}
