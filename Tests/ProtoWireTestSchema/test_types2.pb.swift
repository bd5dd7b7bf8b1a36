// test_types2.pb.swift: stand-in for generated code for Protos/test/test_types2.proto.
// DO NOT EDIT by hand beyond this stand-in: protoc-gen-protohttp will generate this file.
// Source: Protos/test/test_types2.proto

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ProtoWire

/// A closed enum: unknown numbers go to unknown fields. Its default is the first value.
public enum Protohttp_Test2_Shade: ProtoEnum {
    public typealias RawValue = Int
    /// SHADE_LIGHT = 1
    case light
    /// SHADE_DARK = 2
    case dark
    /// SHADE_NEGATIVE = -3
    case negative

    /// The default, `.light` (the first declared value).
    public init() { self = .light }

    /// Fails for numbers the enum does not declare (proto2 enums are closed).
    public init?(rawValue: Int) {
        switch rawValue {
        case 1: self = .light
        case 2: self = .dark
        case -3: self = .negative
        default: return nil
        }
    }

    /// The enum number.
    public var rawValue: Int {
        switch self {
        case .light: return 1
        case .dark: return 2
        case .negative: return -3
        }
    }

    /// The declared cases.
    public static let allCases: [Protohttp_Test2_Shade] = [.light, .dark, .negative]
}

/// A closed enum whose first value is 0, as map values require.
public enum Protohttp_Test2_Level: ProtoEnum {
    public typealias RawValue = Int
    /// LEVEL_ZERO = 0
    case zero
    /// LEVEL_ONE = 1
    case one
    /// LEVEL_TWO = 2
    case two

    /// The default, `.zero` (the first declared value).
    public init() { self = .zero }

    /// Fails for numbers the enum does not declare (proto2 enums are closed).
    public init?(rawValue: Int) {
        switch rawValue {
        case 0: self = .zero
        case 1: self = .one
        case 2: self = .two
        default: return nil
        }
    }

    /// The enum number.
    public var rawValue: Int {
        switch self {
        case .zero: return 0
        case .one: return 1
        case .two: return 2
        }
    }

    /// The declared cases.
    public static let allCases: [Protohttp_Test2_Level] = [.zero, .one, .two]
}

/// A small message used as a field, a repeated element, a map value and a oneof case.
public struct Protohttp_Test2_Nested2: Sendable, Hashable {
    /// Field 1.
    public var a: Int32 {
        get { _a ?? 0 }
        set { _a = newValue }
    }
    /// Whether `a` is set.
    public var hasA: Bool { _a != nil }
    /// Clears `a`.
    public mutating func clearA() { _a = nil }
    var _a: Int32? = nil

    /// Field 2.
    public var b: String {
        get { _b ?? "" }
        set { _b = newValue }
    }
    /// Whether `b` is set.
    public var hasB: Bool { _b != nil }
    /// Clears `b`.
    public mutating func clearB() { _b = nil }
    var _b: String? = nil

    /// Fields this schema does not know, kept byte-exact.
    public var unknownFields = UnknownFields()

    /// Creates a message with every field at its default.
    public init() {}
}

extension Protohttp_Test2_Nested2: ProtoMessage {
    public static let protoMessageName = "protohttp.test2.Nested2"

    public func _protoSize(_ cache: inout SizeCache) -> Int {
        var n = 0
        if let v = _a { n &+= 1 &+ WireInt32.size(of: v, &cache) }
        if let v = _b { n &+= 1 &+ WireString.size(of: v, &cache) }
        n &+= unknownFields.count
        return n
    }

    public func _protoWrite(_ w: inout WireWriter) {
        if let v = _a {
            w.writeTag(8)
            WireInt32.write(v, &w)
        }
        if let v = _b {
            w.writeTag(18)
            WireString.write(v, &w)
        }
        unknownFields.write(to: &w)
    }

    public mutating func _protoMerge(_ r: inout WireReader) throws(WireError) {
        while let tag = try r.readTag() {
            switch tag.rawValue {
            case 8: _a = try WireInt32.read(&r)
            case 18: _b = try WireString.read(&r)
            default: try r.skipUnknown(tag, into: &unknownFields)
            }
        }
    }
}

/// A message with required fields, including a required submessage.
public struct Protohttp_Test2_Required2: Sendable, Hashable {
    /// Field 1 (required).
    public var id: Int32 {
        get { _id ?? 0 }
        set { _id = newValue }
    }
    /// Whether `id` is set.
    public var hasId: Bool { _id != nil }
    /// Clears `id`.
    public mutating func clearId() { _id = nil }
    var _id: Int32? = nil

    /// Field 2.
    public var note: String {
        get { _note ?? "" }
        set { _note = newValue }
    }
    /// Whether `note` is set.
    public var hasNote: Bool { _note != nil }
    /// Clears `note`.
    public mutating func clearNote() { _note = nil }
    var _note: String? = nil

    /// Field 3 (required).
    public var inner: Protohttp_Test2_Nested2 {
        get { _inner ?? Protohttp_Test2_Nested2() }
        set { _inner = newValue }
    }
    /// Whether `inner` is set.
    public var hasInner: Bool { _inner != nil }
    /// Clears `inner`.
    public mutating func clearInner() { _inner = nil }
    var _inner: Protohttp_Test2_Nested2? = nil

    /// Fields this schema does not know, kept byte-exact.
    public var unknownFields = UnknownFields()

    /// Creates a message with every field at its default.
    public init() {}
}

extension Protohttp_Test2_Required2: ProtoMessage {
    public static let protoMessageName = "protohttp.test2.Required2"

    /// Whether the required `id` and `inner` are set (and `inner` is itself initialized).
    public var isInitialized: Bool {
        guard _id != nil, let inner = _inner else { return false }
        return inner.isInitialized
    }

    public func _protoSize(_ cache: inout SizeCache) -> Int {
        var n = 0
        if let v = _id { n &+= 1 &+ WireInt32.size(of: v, &cache) }
        if let v = _note { n &+= 1 &+ WireString.size(of: v, &cache) }
        if let v = _inner { n &+= 1 &+ WireMessage<Protohttp_Test2_Nested2>.size(of: v, &cache) }
        n &+= unknownFields.count
        return n
    }

    public func _protoWrite(_ w: inout WireWriter) {
        if let v = _id {
            w.writeTag(8)
            WireInt32.write(v, &w)
        }
        if let v = _note {
            w.writeTag(18)
            WireString.write(v, &w)
        }
        if let v = _inner {
            w.writeTag(26)
            WireMessage<Protohttp_Test2_Nested2>.write(v, &w)
        }
        unknownFields.write(to: &w)
    }

    public mutating func _protoMerge(_ r: inout WireReader) throws(WireError) {
        while let tag = try r.readTag() {
            switch tag.rawValue {
            case 8: _id = try WireInt32.read(&r)
            case 18: _note = try WireString.read(&r)
            case 26:
                if _inner == nil { _inner = Protohttp_Test2_Nested2() }
                try r.readMessage(into: &_inner!)
            default: try r.skipUnknown(tag, into: &unknownFields)
            }
        }
    }
}

/// Every proto2 kind: has-ness, declared defaults, unpacked and packed repeated, closed enums.
public struct Protohttp_Test2_TestAllTypes2: Sendable, Hashable {
    /// Field 1; default `-42`.
    public var oInt32: Int32 {
        get { _oInt32 ?? -42 }
        set { _oInt32 = newValue }
    }
    /// Whether `oInt32` is set.
    public var hasOInt32: Bool { _oInt32 != nil }
    /// Clears `oInt32`.
    public mutating func clearOInt32() { _oInt32 = nil }
    var _oInt32: Int32? = nil

    /// Field 2; default `-9000000000`.
    public var oInt64: Int64 {
        get { _oInt64 ?? -9_000_000_000 }
        set { _oInt64 = newValue }
    }
    /// Whether `oInt64` is set.
    public var hasOInt64: Bool { _oInt64 != nil }
    /// Clears `oInt64`.
    public mutating func clearOInt64() { _oInt64 = nil }
    var _oInt64: Int64? = nil

    /// Field 3; default `4000000000`.
    public var oUint32: UInt32 {
        get { _oUint32 ?? 4_000_000_000 }
        set { _oUint32 = newValue }
    }
    /// Whether `oUint32` is set.
    public var hasOUint32: Bool { _oUint32 != nil }
    /// Clears `oUint32`.
    public mutating func clearOUint32() { _oUint32 = nil }
    var _oUint32: UInt32? = nil

    /// Field 4; default `18000000000000000000`.
    public var oUint64: UInt64 {
        get { _oUint64 ?? 18_000_000_000_000_000_000 }
        set { _oUint64 = newValue }
    }
    /// Whether `oUint64` is set.
    public var hasOUint64: Bool { _oUint64 != nil }
    /// Clears `oUint64`.
    public mutating func clearOUint64() { _oUint64 = nil }
    var _oUint64: UInt64? = nil

    /// Field 5; default `-7`.
    public var oSint32: Int32 {
        get { _oSint32 ?? -7 }
        set { _oSint32 = newValue }
    }
    /// Whether `oSint32` is set.
    public var hasOSint32: Bool { _oSint32 != nil }
    /// Clears `oSint32`.
    public mutating func clearOSint32() { _oSint32 = nil }
    var _oSint32: Int32? = nil

    /// Field 6; default `-8`.
    public var oSint64: Int64 {
        get { _oSint64 ?? -8 }
        set { _oSint64 = newValue }
    }
    /// Whether `oSint64` is set.
    public var hasOSint64: Bool { _oSint64 != nil }
    /// Clears `oSint64`.
    public mutating func clearOSint64() { _oSint64 = nil }
    var _oSint64: Int64? = nil

    /// Field 7; default `9`.
    public var oFixed32: UInt32 {
        get { _oFixed32 ?? 9 }
        set { _oFixed32 = newValue }
    }
    /// Whether `oFixed32` is set.
    public var hasOFixed32: Bool { _oFixed32 != nil }
    /// Clears `oFixed32`.
    public mutating func clearOFixed32() { _oFixed32 = nil }
    var _oFixed32: UInt32? = nil

    /// Field 8; default `10`.
    public var oFixed64: UInt64 {
        get { _oFixed64 ?? 10 }
        set { _oFixed64 = newValue }
    }
    /// Whether `oFixed64` is set.
    public var hasOFixed64: Bool { _oFixed64 != nil }
    /// Clears `oFixed64`.
    public mutating func clearOFixed64() { _oFixed64 = nil }
    var _oFixed64: UInt64? = nil

    /// Field 9; default `-11`.
    public var oSfixed32: Int32 {
        get { _oSfixed32 ?? -11 }
        set { _oSfixed32 = newValue }
    }
    /// Whether `oSfixed32` is set.
    public var hasOSfixed32: Bool { _oSfixed32 != nil }
    /// Clears `oSfixed32`.
    public mutating func clearOSfixed32() { _oSfixed32 = nil }
    var _oSfixed32: Int32? = nil

    /// Field 10; default `-12`.
    public var oSfixed64: Int64 {
        get { _oSfixed64 ?? -12 }
        set { _oSfixed64 = newValue }
    }
    /// Whether `oSfixed64` is set.
    public var hasOSfixed64: Bool { _oSfixed64 != nil }
    /// Clears `oSfixed64`.
    public mutating func clearOSfixed64() { _oSfixed64 = nil }
    var _oSfixed64: Int64? = nil

    /// Field 11; default `1.5`.
    public var oFloat: Float {
        get { _oFloat ?? 1.5 }
        set { _oFloat = newValue }
    }
    /// Whether `oFloat` is set.
    public var hasOFloat: Bool { _oFloat != nil }
    /// Clears `oFloat`.
    public mutating func clearOFloat() { _oFloat = nil }
    var _oFloat: Float? = nil

    /// Field 12; default `-2.25e10`.
    public var oDouble: Double {
        get { _oDouble ?? -2.25e10 }
        set { _oDouble = newValue }
    }
    /// Whether `oDouble` is set.
    public var hasODouble: Bool { _oDouble != nil }
    /// Clears `oDouble`.
    public mutating func clearODouble() { _oDouble = nil }
    var _oDouble: Double? = nil

    /// Field 13; default `true`.
    public var oBool: Bool {
        get { _oBool ?? true }
        set { _oBool = newValue }
    }
    /// Whether `oBool` is set.
    public var hasOBool: Bool { _oBool != nil }
    /// Clears `oBool`.
    public mutating func clearOBool() { _oBool = nil }
    var _oBool: Bool? = nil

    /// Field 14; default `"hello \"world\""`.
    public var oString: String {
        get { _oString ?? "hello \"world\"" }
        set { _oString = newValue }
    }
    /// Whether `oString` is set.
    public var hasOString: Bool { _oString != nil }
    /// Clears `oString`.
    public mutating func clearOString() { _oString = nil }
    var _oString: String? = nil

    /// Field 15; default `"\000ab\377"`.
    public var oBytes: Data {
        get { _oBytes ?? Data([0x00, 0x61, 0x62, 0xFF]) }
        set { _oBytes = newValue }
    }
    /// Whether `oBytes` is set.
    public var hasOBytes: Bool { _oBytes != nil }
    /// Clears `oBytes`.
    public mutating func clearOBytes() { _oBytes = nil }
    var _oBytes: Data? = nil

    /// Field 16; default `SHADE_DARK`.
    public var oShade: Protohttp_Test2_Shade {
        get { _oShade ?? .dark }
        set { _oShade = newValue }
    }
    /// Whether `oShade` is set.
    public var hasOShade: Bool { _oShade != nil }
    /// Clears `oShade`.
    public mutating func clearOShade() { _oShade = nil }
    var _oShade: Protohttp_Test2_Shade? = nil

    /// Field 17.
    public var oNested: Protohttp_Test2_Nested2 {
        get { _oNested ?? Protohttp_Test2_Nested2() }
        set { _oNested = newValue }
    }
    /// Whether `oNested` is set.
    public var hasONested: Bool { _oNested != nil }
    /// Clears `oNested`.
    public mutating func clearONested() { _oNested = nil }
    var _oNested: Protohttp_Test2_Nested2? = nil

    /// Field 18; no declared default, so the first value, `.light`.
    public var oShadeNodefault: Protohttp_Test2_Shade {
        get { _oShadeNodefault ?? .light }
        set { _oShadeNodefault = newValue }
    }
    /// Whether `oShadeNodefault` is set.
    public var hasOShadeNodefault: Bool { _oShadeNodefault != nil }
    /// Clears `oShadeNodefault`.
    public mutating func clearOShadeNodefault() { _oShadeNodefault = nil }
    var _oShadeNodefault: Protohttp_Test2_Shade? = nil

    /// Field 31. Unpacked by default in proto2.
    public var rInt32: [Int32] = []

    /// Field 32.
    public var rInt64: [Int64] = []

    /// Field 33.
    public var rUint32: [UInt32] = []

    /// Field 34.
    public var rUint64: [UInt64] = []

    /// Field 35.
    public var rSint32: [Int32] = []

    /// Field 36.
    public var rSint64: [Int64] = []

    /// Field 37.
    public var rFixed32: [UInt32] = []

    /// Field 38.
    public var rFixed64: [UInt64] = []

    /// Field 39.
    public var rSfixed32: [Int32] = []

    /// Field 40.
    public var rSfixed64: [Int64] = []

    /// Field 41.
    public var rFloat: [Float] = []

    /// Field 42.
    public var rDouble: [Double] = []

    /// Field 43.
    public var rBool: [Bool] = []

    /// Field 44.
    public var rString: [String] = []

    /// Field 45.
    public var rBytes: [Data] = []

    /// Field 46.
    public var rShade: [Protohttp_Test2_Shade] = []

    /// Field 47.
    public var rNested: [Protohttp_Test2_Nested2] = []

    /// Field 61. Declared packed.
    public var pInt32: [Int32] = []

    /// Field 62, packed.
    public var pInt64: [Int64] = []

    /// Field 63, packed.
    public var pUint32: [UInt32] = []

    /// Field 64, packed.
    public var pUint64: [UInt64] = []

    /// Field 65, packed.
    public var pSint32: [Int32] = []

    /// Field 66, packed.
    public var pSint64: [Int64] = []

    /// Field 67, packed.
    public var pFixed32: [UInt32] = []

    /// Field 68, packed.
    public var pFixed64: [UInt64] = []

    /// Field 69, packed.
    public var pSfixed32: [Int32] = []

    /// Field 70, packed.
    public var pSfixed64: [Int64] = []

    /// Field 71, packed.
    public var pFloat: [Float] = []

    /// Field 72, packed.
    public var pDouble: [Double] = []

    /// Field 73, packed.
    public var pBool: [Bool] = []

    /// Field 74, packed.
    public var pShade: [Protohttp_Test2_Shade] = []

    /// Field 81.
    public var mStringLevel: [String: Protohttp_Test2_Level] = [:]

    /// Field 82.
    public var mInt32Nested: [Int32: Protohttp_Test2_Nested2] = [:]

    /// Field 91, in oneof `choice`.
    public var cInt64: Int64 {
        get {
            if case .cInt64(let v)? = choice { return v }
            return 0
        }
        set { choice = .cInt64(newValue) }
    }

    /// Field 92, in oneof `choice`.
    public var cString: String {
        get {
            if case .cString(let v)? = choice { return v }
            return ""
        }
        set { choice = .cString(newValue) }
    }

    /// Field 93, in oneof `choice`.
    public var cNested: Protohttp_Test2_Nested2 {
        get {
            if case .cNested(let v)? = choice { return v }
            return Protohttp_Test2_Nested2()
        }
        set { choice = .cNested(newValue) }
    }

    /// Field 94, in oneof `choice`.
    public var cShade: Protohttp_Test2_Shade {
        get {
            if case .cShade(let v)? = choice { return v }
            return .light
        }
        set { choice = .cShade(newValue) }
    }

    /// Field 100: recursion, kept in copy-on-write heap storage.
    public var recursive: Protohttp_Test2_TestAllTypes2 {
        get { _recursive?.value ?? Protohttp_Test2_TestAllTypes2() }
        set { _recursive = ProtoBox(newValue) }
    }
    /// Whether `recursive` is set.
    public var hasRecursive: Bool { _recursive != nil }
    /// Clears `recursive`.
    public mutating func clearRecursive() { _recursive = nil }
    var _recursive: ProtoBox<Protohttp_Test2_TestAllTypes2>? = nil

    /// Field 101.
    public var req: Protohttp_Test2_Required2 {
        get { _req ?? Protohttp_Test2_Required2() }
        set { _req = newValue }
    }
    /// Whether `req` is set.
    public var hasReq: Bool { _req != nil }
    /// Clears `req`.
    public mutating func clearReq() { _req = nil }
    var _req: Protohttp_Test2_Required2? = nil

    /// Field 102.
    public var rReq: [Protohttp_Test2_Required2] = []

    /// The `choice` oneof: at most one of its fields is set.
    public var choice: OneOf_Choice? = nil
    /// Fields this schema does not know, kept byte-exact.
    public var unknownFields = UnknownFields()

    /// The cases of the `choice` oneof.
    public enum OneOf_Choice: Sendable, Hashable {
        /// Field `cInt64`.
        case cInt64(Int64)
        /// Field `cString`.
        case cString(String)
        /// Field `cNested`.
        case cNested(Protohttp_Test2_Nested2)
        /// Field `cShade`.
        case cShade(Protohttp_Test2_Shade)
    }

    /// Creates a message with every field at its default.
    public init() {}
}

extension Protohttp_Test2_TestAllTypes2: ProtoMessage {
    public static let protoMessageName = "protohttp.test2.TestAllTypes2"

    /// Whether `req` (if set), every `rReq` element and `recursive` (if set) have their required fields.
    public var isInitialized: Bool {
        if let v = _req, !v.isInitialized { return false }
        for v in rReq where !v.isInitialized { return false }
        if let v = _recursive, !v.value.isInitialized { return false }
        return true
    }

    public func _protoSize(_ cache: inout SizeCache) -> Int {
        var n = 0
        if let v = _oInt32 { n &+= 1 &+ WireInt32.size(of: v, &cache) }
        if let v = _oInt64 { n &+= 1 &+ WireInt64.size(of: v, &cache) }
        if let v = _oUint32 { n &+= 1 &+ WireUInt32.size(of: v, &cache) }
        if let v = _oUint64 { n &+= 1 &+ WireUInt64.size(of: v, &cache) }
        if let v = _oSint32 { n &+= 1 &+ WireSInt32.size(of: v, &cache) }
        if let v = _oSint64 { n &+= 1 &+ WireSInt64.size(of: v, &cache) }
        if let v = _oFixed32 { n &+= 1 &+ WireFixed32.size(of: v, &cache) }
        if let v = _oFixed64 { n &+= 1 &+ WireFixed64.size(of: v, &cache) }
        if let v = _oSfixed32 { n &+= 1 &+ WireSFixed32.size(of: v, &cache) }
        if let v = _oSfixed64 { n &+= 1 &+ WireSFixed64.size(of: v, &cache) }
        if let v = _oFloat { n &+= 1 &+ WireFloat.size(of: v, &cache) }
        if let v = _oDouble { n &+= 1 &+ WireDouble.size(of: v, &cache) }
        if let v = _oBool { n &+= 1 &+ WireBool.size(of: v, &cache) }
        if let v = _oString { n &+= 1 &+ WireString.size(of: v, &cache) }
        if let v = _oBytes { n &+= 1 &+ WireBytes.size(of: v, &cache) }
        if let v = _oShade { n &+= 2 &+ WireEnum<Protohttp_Test2_Shade>.size(of: v, &cache) }
        if let v = _oNested { n &+= 2 &+ WireMessage<Protohttp_Test2_Nested2>.size(of: v, &cache) }
        if let v = _oShadeNodefault { n &+= 2 &+ WireEnum<Protohttp_Test2_Shade>.size(of: v, &cache) }
        n &+= FieldSize.repeated(WireInt32.self, rInt32, tagSize: 2, &cache)
        n &+= FieldSize.repeated(WireInt64.self, rInt64, tagSize: 2, &cache)
        n &+= FieldSize.repeated(WireUInt32.self, rUint32, tagSize: 2, &cache)
        n &+= FieldSize.repeated(WireUInt64.self, rUint64, tagSize: 2, &cache)
        n &+= FieldSize.repeated(WireSInt32.self, rSint32, tagSize: 2, &cache)
        n &+= FieldSize.repeated(WireSInt64.self, rSint64, tagSize: 2, &cache)
        n &+= FieldSize.repeated(WireFixed32.self, rFixed32, tagSize: 2, &cache)
        n &+= FieldSize.repeated(WireFixed64.self, rFixed64, tagSize: 2, &cache)
        n &+= FieldSize.repeated(WireSFixed32.self, rSfixed32, tagSize: 2, &cache)
        n &+= FieldSize.repeated(WireSFixed64.self, rSfixed64, tagSize: 2, &cache)
        n &+= FieldSize.repeated(WireFloat.self, rFloat, tagSize: 2, &cache)
        n &+= FieldSize.repeated(WireDouble.self, rDouble, tagSize: 2, &cache)
        n &+= FieldSize.repeated(WireBool.self, rBool, tagSize: 2, &cache)
        n &+= FieldSize.repeated(WireString.self, rString, tagSize: 2, &cache)
        n &+= FieldSize.repeated(WireBytes.self, rBytes, tagSize: 2, &cache)
        n &+= FieldSize.repeated(WireEnum<Protohttp_Test2_Shade>.self, rShade, tagSize: 2, &cache)
        n &+= FieldSize.repeated(WireMessage<Protohttp_Test2_Nested2>.self, rNested, tagSize: 2, &cache)
        n &+= FieldSize.packed(WireInt32.self, pInt32, tagSize: 2, &cache)
        n &+= FieldSize.packed(WireInt64.self, pInt64, tagSize: 2, &cache)
        n &+= FieldSize.packed(WireUInt32.self, pUint32, tagSize: 2, &cache)
        n &+= FieldSize.packed(WireUInt64.self, pUint64, tagSize: 2, &cache)
        n &+= FieldSize.packed(WireSInt32.self, pSint32, tagSize: 2, &cache)
        n &+= FieldSize.packed(WireSInt64.self, pSint64, tagSize: 2, &cache)
        n &+= FieldSize.packed(WireFixed32.self, pFixed32, tagSize: 2, &cache)
        n &+= FieldSize.packed(WireFixed64.self, pFixed64, tagSize: 2, &cache)
        n &+= FieldSize.packed(WireSFixed32.self, pSfixed32, tagSize: 2, &cache)
        n &+= FieldSize.packed(WireSFixed64.self, pSfixed64, tagSize: 2, &cache)
        n &+= FieldSize.packed(WireFloat.self, pFloat, tagSize: 2, &cache)
        n &+= FieldSize.packed(WireDouble.self, pDouble, tagSize: 2, &cache)
        n &+= FieldSize.packed(WireBool.self, pBool, tagSize: 2, &cache)
        n &+= FieldSize.packed(WireEnum<Protohttp_Test2_Shade>.self, pShade, tagSize: 2, &cache)
        n &+= FieldSize.map(WireString.self, WireEnum<Protohttp_Test2_Level>.self, mStringLevel, tagSize: 2, &cache)
        n &+= FieldSize.map(WireInt32.self, WireMessage<Protohttp_Test2_Nested2>.self, mInt32Nested, tagSize: 2, &cache)
        switch choice {
        case .cInt64(let v)?: n &+= 2 &+ WireInt64.size(of: v, &cache)
        case .cString(let v)?: n &+= 2 &+ WireString.size(of: v, &cache)
        case .cNested(let v)?: n &+= 2 &+ WireMessage<Protohttp_Test2_Nested2>.size(of: v, &cache)
        case .cShade(let v)?: n &+= 2 &+ WireEnum<Protohttp_Test2_Shade>.size(of: v, &cache)
        case nil: break
        }
        if let v = _recursive { n &+= 2 &+ WireMessage<Protohttp_Test2_TestAllTypes2>.size(of: v.value, &cache) }
        if let v = _req { n &+= 2 &+ WireMessage<Protohttp_Test2_Required2>.size(of: v, &cache) }
        n &+= FieldSize.repeated(WireMessage<Protohttp_Test2_Required2>.self, rReq, tagSize: 2, &cache)
        n &+= unknownFields.count
        return n
    }

    public func _protoWrite(_ w: inout WireWriter) {
        if let v = _oInt32 {
            w.writeTag(8)
            WireInt32.write(v, &w)
        }
        if let v = _oInt64 {
            w.writeTag(16)
            WireInt64.write(v, &w)
        }
        if let v = _oUint32 {
            w.writeTag(24)
            WireUInt32.write(v, &w)
        }
        if let v = _oUint64 {
            w.writeTag(32)
            WireUInt64.write(v, &w)
        }
        if let v = _oSint32 {
            w.writeTag(40)
            WireSInt32.write(v, &w)
        }
        if let v = _oSint64 {
            w.writeTag(48)
            WireSInt64.write(v, &w)
        }
        if let v = _oFixed32 {
            w.writeTag(61)
            WireFixed32.write(v, &w)
        }
        if let v = _oFixed64 {
            w.writeTag(65)
            WireFixed64.write(v, &w)
        }
        if let v = _oSfixed32 {
            w.writeTag(77)
            WireSFixed32.write(v, &w)
        }
        if let v = _oSfixed64 {
            w.writeTag(81)
            WireSFixed64.write(v, &w)
        }
        if let v = _oFloat {
            w.writeTag(93)
            WireFloat.write(v, &w)
        }
        if let v = _oDouble {
            w.writeTag(97)
            WireDouble.write(v, &w)
        }
        if let v = _oBool {
            w.writeTag(104)
            WireBool.write(v, &w)
        }
        if let v = _oString {
            w.writeTag(114)
            WireString.write(v, &w)
        }
        if let v = _oBytes {
            w.writeTag(122)
            WireBytes.write(v, &w)
        }
        if let v = _oShade {
            w.writeTag(128)
            WireEnum<Protohttp_Test2_Shade>.write(v, &w)
        }
        if let v = _oNested {
            w.writeTag(138)
            WireMessage<Protohttp_Test2_Nested2>.write(v, &w)
        }
        if let v = _oShadeNodefault {
            w.writeTag(144)
            WireEnum<Protohttp_Test2_Shade>.write(v, &w)
        }
        w.writeRepeated(WireInt32.self, rInt32, tag: 248)
        w.writeRepeated(WireInt64.self, rInt64, tag: 256)
        w.writeRepeated(WireUInt32.self, rUint32, tag: 264)
        w.writeRepeated(WireUInt64.self, rUint64, tag: 272)
        w.writeRepeated(WireSInt32.self, rSint32, tag: 280)
        w.writeRepeated(WireSInt64.self, rSint64, tag: 288)
        w.writeRepeated(WireFixed32.self, rFixed32, tag: 301)
        w.writeRepeated(WireFixed64.self, rFixed64, tag: 305)
        w.writeRepeated(WireSFixed32.self, rSfixed32, tag: 317)
        w.writeRepeated(WireSFixed64.self, rSfixed64, tag: 321)
        w.writeRepeated(WireFloat.self, rFloat, tag: 333)
        w.writeRepeated(WireDouble.self, rDouble, tag: 337)
        w.writeRepeated(WireBool.self, rBool, tag: 344)
        w.writeRepeated(WireString.self, rString, tag: 354)
        w.writeRepeated(WireBytes.self, rBytes, tag: 362)
        w.writeRepeated(WireEnum<Protohttp_Test2_Shade>.self, rShade, tag: 368)
        w.writeRepeated(WireMessage<Protohttp_Test2_Nested2>.self, rNested, tag: 378)
        w.writePacked(WireInt32.self, pInt32, tag: 490)
        w.writePacked(WireInt64.self, pInt64, tag: 498)
        w.writePacked(WireUInt32.self, pUint32, tag: 506)
        w.writePacked(WireUInt64.self, pUint64, tag: 514)
        w.writePacked(WireSInt32.self, pSint32, tag: 522)
        w.writePacked(WireSInt64.self, pSint64, tag: 530)
        w.writePacked(WireFixed32.self, pFixed32, tag: 538)
        w.writePacked(WireFixed64.self, pFixed64, tag: 546)
        w.writePacked(WireSFixed32.self, pSfixed32, tag: 554)
        w.writePacked(WireSFixed64.self, pSfixed64, tag: 562)
        w.writePacked(WireFloat.self, pFloat, tag: 570)
        w.writePacked(WireDouble.self, pDouble, tag: 578)
        w.writePacked(WireBool.self, pBool, tag: 586)
        w.writePacked(WireEnum<Protohttp_Test2_Shade>.self, pShade, tag: 594)
        w.writeMap(WireString.self, WireEnum<Protohttp_Test2_Level>.self, mStringLevel, tag: 650)
        w.writeMap(WireInt32.self, WireMessage<Protohttp_Test2_Nested2>.self, mInt32Nested, tag: 658)
        switch choice {
        case .cInt64(let v)?:
            w.writeTag(728)
            WireInt64.write(v, &w)
        case .cString(let v)?:
            w.writeTag(738)
            WireString.write(v, &w)
        case .cNested(let v)?:
            w.writeTag(746)
            WireMessage<Protohttp_Test2_Nested2>.write(v, &w)
        case .cShade(let v)?:
            w.writeTag(752)
            WireEnum<Protohttp_Test2_Shade>.write(v, &w)
        case nil: break
        }
        if let v = _recursive {
            w.writeTag(802)
            WireMessage<Protohttp_Test2_TestAllTypes2>.write(v.value, &w)
        }
        if let v = _req {
            w.writeTag(810)
            WireMessage<Protohttp_Test2_Required2>.write(v, &w)
        }
        w.writeRepeated(WireMessage<Protohttp_Test2_Required2>.self, rReq, tag: 818)
        unknownFields.write(to: &w)
    }

    public mutating func _protoMerge(_ r: inout WireReader) throws(WireError) {
        while let tag = try r.readTag() {
            switch tag.rawValue {
            case 8: _oInt32 = try WireInt32.read(&r)
            case 16: _oInt64 = try WireInt64.read(&r)
            case 24: _oUint32 = try WireUInt32.read(&r)
            case 32: _oUint64 = try WireUInt64.read(&r)
            case 40: _oSint32 = try WireSInt32.read(&r)
            case 48: _oSint64 = try WireSInt64.read(&r)
            case 61: _oFixed32 = try WireFixed32.read(&r)
            case 65: _oFixed64 = try WireFixed64.read(&r)
            case 77: _oSfixed32 = try WireSFixed32.read(&r)
            case 81: _oSfixed64 = try WireSFixed64.read(&r)
            case 93: _oFloat = try WireFloat.read(&r)
            case 97: _oDouble = try WireDouble.read(&r)
            case 104: _oBool = try WireBool.read(&r)
            case 114: _oString = try WireString.read(&r)
            case 122: _oBytes = try WireBytes.read(&r)
            case 128:
                if let v: Protohttp_Test2_Shade = try r.readClosedEnum(tag, unknownFields: &unknownFields) { _oShade = v }
            case 138:
                if _oNested == nil { _oNested = Protohttp_Test2_Nested2() }
                try r.readMessage(into: &_oNested!)
            case 144:
                if let v: Protohttp_Test2_Shade = try r.readClosedEnum(tag, unknownFields: &unknownFields) { _oShadeNodefault = v }
            case 248, 250: try r.readRepeated(WireInt32.self, tag, into: &rInt32)
            case 256, 258: try r.readRepeated(WireInt64.self, tag, into: &rInt64)
            case 264, 266: try r.readRepeated(WireUInt32.self, tag, into: &rUint32)
            case 272, 274: try r.readRepeated(WireUInt64.self, tag, into: &rUint64)
            case 280, 282: try r.readRepeated(WireSInt32.self, tag, into: &rSint32)
            case 288, 290: try r.readRepeated(WireSInt64.self, tag, into: &rSint64)
            case 301, 298: try r.readRepeated(WireFixed32.self, tag, into: &rFixed32)
            case 305, 306: try r.readRepeated(WireFixed64.self, tag, into: &rFixed64)
            case 317, 314: try r.readRepeated(WireSFixed32.self, tag, into: &rSfixed32)
            case 321, 322: try r.readRepeated(WireSFixed64.self, tag, into: &rSfixed64)
            case 333, 330: try r.readRepeated(WireFloat.self, tag, into: &rFloat)
            case 337, 338: try r.readRepeated(WireDouble.self, tag, into: &rDouble)
            case 344, 346: try r.readRepeated(WireBool.self, tag, into: &rBool)
            case 354: try r.readRepeated(WireString.self, tag, into: &rString)
            case 362: try r.readRepeated(WireBytes.self, tag, into: &rBytes)
            case 368, 370: try r.readRepeatedClosedEnum(tag, into: &rShade, unknownFields: &unknownFields)
            case 378: try r.readRepeated(WireMessage<Protohttp_Test2_Nested2>.self, tag, into: &rNested)
            case 488, 490: try r.readRepeated(WireInt32.self, tag, into: &pInt32)
            case 496, 498: try r.readRepeated(WireInt64.self, tag, into: &pInt64)
            case 504, 506: try r.readRepeated(WireUInt32.self, tag, into: &pUint32)
            case 512, 514: try r.readRepeated(WireUInt64.self, tag, into: &pUint64)
            case 520, 522: try r.readRepeated(WireSInt32.self, tag, into: &pSint32)
            case 528, 530: try r.readRepeated(WireSInt64.self, tag, into: &pSint64)
            case 541, 538: try r.readRepeated(WireFixed32.self, tag, into: &pFixed32)
            case 545, 546: try r.readRepeated(WireFixed64.self, tag, into: &pFixed64)
            case 557, 554: try r.readRepeated(WireSFixed32.self, tag, into: &pSfixed32)
            case 561, 562: try r.readRepeated(WireSFixed64.self, tag, into: &pSfixed64)
            case 573, 570: try r.readRepeated(WireFloat.self, tag, into: &pFloat)
            case 577, 578: try r.readRepeated(WireDouble.self, tag, into: &pDouble)
            case 584, 586: try r.readRepeated(WireBool.self, tag, into: &pBool)
            case 592, 594: try r.readRepeatedClosedEnum(tag, into: &pShade, unknownFields: &unknownFields)
            case 650: try r.readMapEntryClosedEnum(WireString.self, into: &mStringLevel, unknownFields: &unknownFields)
            case 658: try r.readMapEntry(WireInt32.self, WireMessage<Protohttp_Test2_Nested2>.self, into: &mInt32Nested)
            case 728: choice = .cInt64(try WireInt64.read(&r))
            case 738: choice = .cString(try WireString.read(&r))
            case 746:
                var v = Protohttp_Test2_Nested2()
                if case .cNested(let old)? = choice {
                    v = old
                    choice = nil
                }
                try r.readMessage(into: &v)
                choice = .cNested(v)
            case 752:
                if let v: Protohttp_Test2_Shade = try r.readClosedEnum(tag, unknownFields: &unknownFields) { choice = .cShade(v) }
            case 802:
                if _recursive == nil { _recursive = ProtoBox(Protohttp_Test2_TestAllTypes2()) }
                try r.readMessage(into: &_recursive!.value)
            case 810:
                if _req == nil { _req = Protohttp_Test2_Required2() }
                try r.readMessage(into: &_req!)
            case 818: try r.readRepeated(WireMessage<Protohttp_Test2_Required2>.self, tag, into: &rReq)
            default: try r.skipUnknown(tag, into: &unknownFields)
            }
        }
    }
}
