// CrossCheckDumpProto3.swift: the canonical dump of TestAllTypes3, matching pcx_dump.c field for field.

import ProtoWire
import ProtoWireTestSchema

extension DumpWriter {
    mutating func dump(_ m: Protohttp_Test_Nested3) {
        message(unknown: m.unknownFields) { w in
            w.implicit(1, m.a)
            w.implicit(2, m.b)
        }
    }

    mutating func dump(_ m: Protohttp_Test_TestAllTypes3) {
        message(unknown: m.unknownFields) { w in
            w.implicit(1, m.fInt32)
            w.implicit(2, m.fInt64)
            w.implicit(3, m.fUint32)
            w.implicit(4, m.fUint64)
            w.implicit(5, m.fSint32)
            w.implicit(6, m.fSint64)
            w.implicit(7, m.fFixed32)
            w.implicit(8, m.fFixed64)
            w.implicit(9, m.fSfixed32)
            w.implicit(10, m.fSfixed64)
            w.implicit(11, m.fFloat)
            w.implicit(12, m.fDouble)
            w.implicit(13, m.fBool)
            w.implicit(14, m.fString)
            w.implicit(15, m.fBytes)
            w.implicit(16, m.fEnum)
            w.optional(17, m.hasFNested ? m.fNested : nil) { $0.dump($1) }

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
            w.repeated(46, m.rEnum) { $0.enumValue($1) }
            w.repeated(47, m.rNested) { $0.dump($1) }

            w.repeated(61, m.uInt32) { $0.int($1) }
            w.repeated(62, m.uSint64) { $0.int($1) }
            w.repeated(63, m.uFixed32) { $0.int($1) }
            w.repeated(64, m.uDouble) { $0.double($1) }
            w.repeated(65, m.uBool) { $0.bool($1) }
            w.repeated(66, m.uEnum) { $0.enumValue($1) }

            w.map(71, m.mInt32Int32, key: { $0.int($1) }, value: { $0.int($1) })
            w.map(72, m.mInt64String, key: { $0.int($1) }, value: { $0.string($1) })
            w.map(73, m.mUint32Bytes, key: { $0.int($1) }, value: { $0.bytes($1) })
            w.map(74, m.mUint64Double, key: { $0.int($1) }, value: { $0.double($1) })
            w.map(75, m.mSint32Float, key: { $0.int($1) }, value: { $0.float($1) })
            w.map(76, m.mSint64Enum, key: { $0.int($1) }, value: { $0.enumValue($1) })
            w.map(77, m.mFixed32Nested, key: { $0.int($1) }, value: { $0.dump($1) })
            w.map(78, m.mFixed64Uint64, key: { $0.int($1) }, value: { $0.int($1) })
            w.map(79, m.mSfixed32Sint32, key: { $0.int($1) }, value: { $0.int($1) })
            w.map(80, m.mSfixed64Bool, key: { $0.int($1) }, value: { $0.bool($1) })
            w.map(81, m.mBoolInt64, key: { $0.bool($1) }, value: { $0.int($1) })
            w.map(82, m.mStringString, key: { $0.string($1) }, value: { $0.string($1) })
            w.map(83, m.mStringNested, key: { $0.string($1) }, value: { $0.dump($1) })

            switch m.choice {
            case .oUint32(let v)?: w.field(111) { $0.int(v) }
            case .oString(let v)?: w.field(112) { $0.string(v) }
            case .oBytes(let v)?: w.field(113) { $0.bytes(v) }
            case .oNested(let v)?: w.field(114) { $0.dump(v) }
            case .oEnum(let v)?: w.field(115) { $0.enumValue(v) }
            case .oDouble(let v)?: w.field(116) { $0.double(v) }
            case nil: break
            }

            w.optional(120, m.hasRecursive ? m.recursive : nil) { $0.dump($1) }
            w.repeated(121, m.rRecursive) { $0.dump($1) }
            w.implicit(536_870_911, m.fMaxNumber)
        }
    }
}
