// test_types3.pb.swift: stand-in for generated code for Protos/test/test_types3.proto.
// DO NOT EDIT by hand beyond this stand-in: protoc-gen-protohttp will generate this file.
// Source: Protos/test/test_types3.proto

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ProtoWire

/// An open enum, with a negative value.
public enum Protohttp_Test_Color: ProtoEnum {
    public typealias RawValue = Int
    /// COLOR_UNSPECIFIED = 0
    case unspecified
    /// COLOR_RED = 1
    case red
    /// COLOR_GREEN = 2
    case green
    /// COLOR_BLUE = 3
    case blue
    /// COLOR_NEGATIVE = -1
    case negative
    /// A number this version of the schema does not declare (proto3 enums are open).
    case UNRECOGNIZED(Int)

    /// The default, `.unspecified`.
    public init() { self = .unspecified }

    /// Never fails: unknown numbers become `.UNRECOGNIZED`.
    public init?(rawValue: Int) {
        switch rawValue {
        case 0: self = .unspecified
        case 1: self = .red
        case 2: self = .green
        case 3: self = .blue
        case -1: self = .negative
        default: self = .UNRECOGNIZED(rawValue)
        }
    }

    /// The enum number.
    public var rawValue: Int {
        switch self {
        case .unspecified: return 0
        case .red: return 1
        case .green: return 2
        case .blue: return 3
        case .negative: return -1
        case .UNRECOGNIZED(let n): return n
        }
    }

    /// The declared cases.
    public static let allCases: [Protohttp_Test_Color] = [.unspecified, .red, .green, .blue, .negative]
}

/// A small message used as a field, a repeated element, a map value and a oneof case.
public struct Protohttp_Test_Nested3: Sendable, Hashable {
    /// Field 1.
    public var a: Int32 = 0
    /// Field 2.
    public var b: String = ""
    /// Fields this schema does not know, kept byte-exact.
    public var unknownFields = UnknownFields()

    /// Creates a message with every field at its default.
    public init() {}
}

extension Protohttp_Test_Nested3: ProtoMessage {
    public static let protoMessageName = "protohttp.test.Nested3"

    public func _protoSize(_ cache: inout SizeCache) -> Int {
        var n = 0
        if a != 0 { n &+= 1 &+ WireInt32.size(of: a, &cache) }
        if !b.isEmpty { n &+= 1 &+ WireString.size(of: b, &cache) }
        n &+= unknownFields.count
        return n
    }

    public func _protoWrite(_ w: inout WireWriter) {
        if a != 0 {
            w.writeTag(8)
            WireInt32.write(a, &w)
        }
        if !b.isEmpty {
            w.writeTag(18)
            WireString.write(b, &w)
        }
        unknownFields.write(to: &w)
    }

    public mutating func _protoMerge(_ r: inout WireReader) throws(WireError) {
        while let tag = try r.readTag() {
            switch tag.rawValue {
            case 8: a = try WireInt32.read(&r)
            case 18: b = try WireString.read(&r)
            default: try r.skipUnknown(tag, into: &unknownFields)
            }
        }
    }
}

/// Every singular, repeated, map and oneof kind of proto3, plus recursion.
public struct Protohttp_Test_TestAllTypes3: Sendable, Hashable {
    /// Field 1.
    public var fInt32: Int32 = 0

    /// Field 2.
    public var fInt64: Int64 = 0

    /// Field 3.
    public var fUint32: UInt32 = 0

    /// Field 4.
    public var fUint64: UInt64 = 0

    /// Field 5.
    public var fSint32: Int32 = 0

    /// Field 6.
    public var fSint64: Int64 = 0

    /// Field 7.
    public var fFixed32: UInt32 = 0

    /// Field 8.
    public var fFixed64: UInt64 = 0

    /// Field 9.
    public var fSfixed32: Int32 = 0

    /// Field 10.
    public var fSfixed64: Int64 = 0

    /// Field 11.
    public var fFloat: Float = 0

    /// Field 12.
    public var fDouble: Double = 0

    /// Field 13.
    public var fBool: Bool = false

    /// Field 14.
    public var fString: String = ""

    /// Field 15.
    public var fBytes: Data = Data()

    /// Field 16.
    public var fEnum: Protohttp_Test_Color = .unspecified

    /// Field 17.
    public var fNested: Protohttp_Test_Nested3 {
        get { _fNested ?? Protohttp_Test_Nested3() }
        set { _fNested = newValue }
    }
    /// Whether `fNested` is set.
    public var hasFNested: Bool { _fNested != nil }
    /// Clears `fNested`.
    public mutating func clearFNested() { _fNested = nil }
    var _fNested: Protohttp_Test_Nested3? = nil

    /// Field 31.
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
    public var rEnum: [Protohttp_Test_Color] = []

    /// Field 47.
    public var rNested: [Protohttp_Test_Nested3] = []

    /// Field 61.
    public var uInt32: [Int32] = []

    /// Field 62.
    public var uSint64: [Int64] = []

    /// Field 63.
    public var uFixed32: [UInt32] = []

    /// Field 64.
    public var uDouble: [Double] = []

    /// Field 65.
    public var uBool: [Bool] = []

    /// Field 66.
    public var uEnum: [Protohttp_Test_Color] = []

    /// Field 71.
    public var mInt32Int32: [Int32: Int32] = [:]

    /// Field 72.
    public var mInt64String: [Int64: String] = [:]

    /// Field 73.
    public var mUint32Bytes: [UInt32: Data] = [:]

    /// Field 74.
    public var mUint64Double: [UInt64: Double] = [:]

    /// Field 75.
    public var mSint32Float: [Int32: Float] = [:]

    /// Field 76.
    public var mSint64Enum: [Int64: Protohttp_Test_Color] = [:]

    /// Field 77.
    public var mFixed32Nested: [UInt32: Protohttp_Test_Nested3] = [:]

    /// Field 78.
    public var mFixed64Uint64: [UInt64: UInt64] = [:]

    /// Field 79.
    public var mSfixed32Sint32: [Int32: Int32] = [:]

    /// Field 80.
    public var mSfixed64Bool: [Int64: Bool] = [:]

    /// Field 81.
    public var mBoolInt64: [Bool: Int64] = [:]

    /// Field 82.
    public var mStringString: [String: String] = [:]

    /// Field 83.
    public var mStringNested: [String: Protohttp_Test_Nested3] = [:]

    /// Field 111, in oneof `choice`.
    public var oUint32: UInt32 {
        get {
            if case .oUint32(let v)? = choice { return v }
            return 0
        }
        set { choice = .oUint32(newValue) }
    }

    /// Field 112, in oneof `choice`.
    public var oString: String {
        get {
            if case .oString(let v)? = choice { return v }
            return ""
        }
        set { choice = .oString(newValue) }
    }

    /// Field 113, in oneof `choice`.
    public var oBytes: Data {
        get {
            if case .oBytes(let v)? = choice { return v }
            return Data()
        }
        set { choice = .oBytes(newValue) }
    }

    /// Field 114, in oneof `choice`.
    public var oNested: Protohttp_Test_Nested3 {
        get {
            if case .oNested(let v)? = choice { return v }
            return Protohttp_Test_Nested3()
        }
        set { choice = .oNested(newValue) }
    }

    /// Field 115, in oneof `choice`.
    public var oEnum: Protohttp_Test_Color {
        get {
            if case .oEnum(let v)? = choice { return v }
            return .unspecified
        }
        set { choice = .oEnum(newValue) }
    }

    /// Field 116, in oneof `choice`.
    public var oDouble: Double {
        get {
            if case .oDouble(let v)? = choice { return v }
            return 0
        }
        set { choice = .oDouble(newValue) }
    }

    /// Field 120: recursion, kept in copy-on-write heap storage.
    public var recursive: Protohttp_Test_TestAllTypes3 {
        get { _recursive?.value ?? Protohttp_Test_TestAllTypes3() }
        set { _recursive = ProtoBox(newValue) }
    }
    /// Whether `recursive` is set.
    public var hasRecursive: Bool { _recursive != nil }
    /// Clears `recursive`.
    public mutating func clearRecursive() { _recursive = nil }
    var _recursive: ProtoBox<Protohttp_Test_TestAllTypes3>? = nil

    /// Field 121.
    public var rRecursive: [Protohttp_Test_TestAllTypes3] = []

    /// Field 536870911.
    public var fMaxNumber: Int32 = 0

    /// The `choice` oneof: at most one of its fields is set.
    public var choice: OneOf_Choice? = nil
    /// Fields this schema does not know, kept byte-exact.
    public var unknownFields = UnknownFields()

    /// The cases of the `choice` oneof.
    public enum OneOf_Choice: Sendable, Hashable {
        /// Field `oUint32`.
        case oUint32(UInt32)
        /// Field `oString`.
        case oString(String)
        /// Field `oBytes`.
        case oBytes(Data)
        /// Field `oNested`.
        case oNested(Protohttp_Test_Nested3)
        /// Field `oEnum`.
        case oEnum(Protohttp_Test_Color)
        /// Field `oDouble`.
        case oDouble(Double)
    }

    /// Creates a message with every field at its default.
    public init() {}
}

extension Protohttp_Test_TestAllTypes3: ProtoMessage {
    public static let protoMessageName = "protohttp.test.TestAllTypes3"

    public func _protoSize(_ cache: inout SizeCache) -> Int {
        var n = 0
        if fInt32 != 0 { n &+= 1 &+ WireInt32.size(of: fInt32, &cache) }
        if fInt64 != 0 { n &+= 1 &+ WireInt64.size(of: fInt64, &cache) }
        if fUint32 != 0 { n &+= 1 &+ WireUInt32.size(of: fUint32, &cache) }
        if fUint64 != 0 { n &+= 1 &+ WireUInt64.size(of: fUint64, &cache) }
        if fSint32 != 0 { n &+= 1 &+ WireSInt32.size(of: fSint32, &cache) }
        if fSint64 != 0 { n &+= 1 &+ WireSInt64.size(of: fSint64, &cache) }
        if fFixed32 != 0 { n &+= 1 &+ WireFixed32.size(of: fFixed32, &cache) }
        if fFixed64 != 0 { n &+= 1 &+ WireFixed64.size(of: fFixed64, &cache) }
        if fSfixed32 != 0 { n &+= 1 &+ WireSFixed32.size(of: fSfixed32, &cache) }
        if fSfixed64 != 0 { n &+= 1 &+ WireSFixed64.size(of: fSfixed64, &cache) }
        if fFloat.bitPattern != 0 { n &+= 1 &+ WireFloat.size(of: fFloat, &cache) }
        if fDouble.bitPattern != 0 { n &+= 1 &+ WireDouble.size(of: fDouble, &cache) }
        if fBool { n &+= 1 &+ WireBool.size(of: fBool, &cache) }
        if !fString.isEmpty { n &+= 1 &+ WireString.size(of: fString, &cache) }
        if !fBytes.isEmpty { n &+= 1 &+ WireBytes.size(of: fBytes, &cache) }
        if fEnum != .unspecified { n &+= 2 &+ WireEnum<Protohttp_Test_Color>.size(of: fEnum, &cache) }
        if let v = _fNested { n &+= 2 &+ WireMessage<Protohttp_Test_Nested3>.size(of: v, &cache) }
        n &+= FieldSize.packed(WireInt32.self, rInt32, tagSize: 2, &cache)
        n &+= FieldSize.packed(WireInt64.self, rInt64, tagSize: 2, &cache)
        n &+= FieldSize.packed(WireUInt32.self, rUint32, tagSize: 2, &cache)
        n &+= FieldSize.packed(WireUInt64.self, rUint64, tagSize: 2, &cache)
        n &+= FieldSize.packed(WireSInt32.self, rSint32, tagSize: 2, &cache)
        n &+= FieldSize.packed(WireSInt64.self, rSint64, tagSize: 2, &cache)
        n &+= FieldSize.packed(WireFixed32.self, rFixed32, tagSize: 2, &cache)
        n &+= FieldSize.packed(WireFixed64.self, rFixed64, tagSize: 2, &cache)
        n &+= FieldSize.packed(WireSFixed32.self, rSfixed32, tagSize: 2, &cache)
        n &+= FieldSize.packed(WireSFixed64.self, rSfixed64, tagSize: 2, &cache)
        n &+= FieldSize.packed(WireFloat.self, rFloat, tagSize: 2, &cache)
        n &+= FieldSize.packed(WireDouble.self, rDouble, tagSize: 2, &cache)
        n &+= FieldSize.packed(WireBool.self, rBool, tagSize: 2, &cache)
        n &+= FieldSize.repeated(WireString.self, rString, tagSize: 2, &cache)
        n &+= FieldSize.repeated(WireBytes.self, rBytes, tagSize: 2, &cache)
        n &+= FieldSize.packed(WireEnum<Protohttp_Test_Color>.self, rEnum, tagSize: 2, &cache)
        n &+= FieldSize.repeated(WireMessage<Protohttp_Test_Nested3>.self, rNested, tagSize: 2, &cache)
        n &+= FieldSize.repeated(WireInt32.self, uInt32, tagSize: 2, &cache)
        n &+= FieldSize.repeated(WireSInt64.self, uSint64, tagSize: 2, &cache)
        n &+= FieldSize.repeated(WireFixed32.self, uFixed32, tagSize: 2, &cache)
        n &+= FieldSize.repeated(WireDouble.self, uDouble, tagSize: 2, &cache)
        n &+= FieldSize.repeated(WireBool.self, uBool, tagSize: 2, &cache)
        n &+= FieldSize.repeated(WireEnum<Protohttp_Test_Color>.self, uEnum, tagSize: 2, &cache)
        n &+= FieldSize.map(WireInt32.self, WireInt32.self, mInt32Int32, tagSize: 2, &cache)
        n &+= FieldSize.map(WireInt64.self, WireString.self, mInt64String, tagSize: 2, &cache)
        n &+= FieldSize.map(WireUInt32.self, WireBytes.self, mUint32Bytes, tagSize: 2, &cache)
        n &+= FieldSize.map(WireUInt64.self, WireDouble.self, mUint64Double, tagSize: 2, &cache)
        n &+= FieldSize.map(WireSInt32.self, WireFloat.self, mSint32Float, tagSize: 2, &cache)
        n &+= FieldSize.map(WireSInt64.self, WireEnum<Protohttp_Test_Color>.self, mSint64Enum, tagSize: 2, &cache)
        n &+= FieldSize.map(WireFixed32.self, WireMessage<Protohttp_Test_Nested3>.self, mFixed32Nested, tagSize: 2, &cache)
        n &+= FieldSize.map(WireFixed64.self, WireUInt64.self, mFixed64Uint64, tagSize: 2, &cache)
        n &+= FieldSize.map(WireSFixed32.self, WireSInt32.self, mSfixed32Sint32, tagSize: 2, &cache)
        n &+= FieldSize.map(WireSFixed64.self, WireBool.self, mSfixed64Bool, tagSize: 2, &cache)
        n &+= FieldSize.map(WireBool.self, WireInt64.self, mBoolInt64, tagSize: 2, &cache)
        n &+= FieldSize.map(WireString.self, WireString.self, mStringString, tagSize: 2, &cache)
        n &+= FieldSize.map(WireString.self, WireMessage<Protohttp_Test_Nested3>.self, mStringNested, tagSize: 2, &cache)
        switch choice {
        case .oUint32(let v)?: n &+= 2 &+ WireUInt32.size(of: v, &cache)
        case .oString(let v)?: n &+= 2 &+ WireString.size(of: v, &cache)
        case .oBytes(let v)?: n &+= 2 &+ WireBytes.size(of: v, &cache)
        case .oNested(let v)?: n &+= 2 &+ WireMessage<Protohttp_Test_Nested3>.size(of: v, &cache)
        case .oEnum(let v)?: n &+= 2 &+ WireEnum<Protohttp_Test_Color>.size(of: v, &cache)
        case .oDouble(let v)?: n &+= 2 &+ WireDouble.size(of: v, &cache)
        case nil: break
        }
        if let v = _recursive { n &+= 2 &+ WireMessage<Protohttp_Test_TestAllTypes3>.size(of: v.value, &cache) }
        n &+= FieldSize.repeated(WireMessage<Protohttp_Test_TestAllTypes3>.self, rRecursive, tagSize: 2, &cache)
        if fMaxNumber != 0 { n &+= 5 &+ WireInt32.size(of: fMaxNumber, &cache) }
        n &+= unknownFields.count
        return n
    }

    public func _protoWrite(_ w: inout WireWriter) {
        if fInt32 != 0 {
            w.writeTag(8)
            WireInt32.write(fInt32, &w)
        }
        if fInt64 != 0 {
            w.writeTag(16)
            WireInt64.write(fInt64, &w)
        }
        if fUint32 != 0 {
            w.writeTag(24)
            WireUInt32.write(fUint32, &w)
        }
        if fUint64 != 0 {
            w.writeTag(32)
            WireUInt64.write(fUint64, &w)
        }
        if fSint32 != 0 {
            w.writeTag(40)
            WireSInt32.write(fSint32, &w)
        }
        if fSint64 != 0 {
            w.writeTag(48)
            WireSInt64.write(fSint64, &w)
        }
        if fFixed32 != 0 {
            w.writeTag(61)
            WireFixed32.write(fFixed32, &w)
        }
        if fFixed64 != 0 {
            w.writeTag(65)
            WireFixed64.write(fFixed64, &w)
        }
        if fSfixed32 != 0 {
            w.writeTag(77)
            WireSFixed32.write(fSfixed32, &w)
        }
        if fSfixed64 != 0 {
            w.writeTag(81)
            WireSFixed64.write(fSfixed64, &w)
        }
        if fFloat.bitPattern != 0 {
            w.writeTag(93)
            WireFloat.write(fFloat, &w)
        }
        if fDouble.bitPattern != 0 {
            w.writeTag(97)
            WireDouble.write(fDouble, &w)
        }
        if fBool {
            w.writeTag(104)
            WireBool.write(fBool, &w)
        }
        if !fString.isEmpty {
            w.writeTag(114)
            WireString.write(fString, &w)
        }
        if !fBytes.isEmpty {
            w.writeTag(122)
            WireBytes.write(fBytes, &w)
        }
        if fEnum != .unspecified {
            w.writeTag(128)
            WireEnum<Protohttp_Test_Color>.write(fEnum, &w)
        }
        if let v = _fNested {
            w.writeTag(138)
            WireMessage<Protohttp_Test_Nested3>.write(v, &w)
        }
        w.writePacked(WireInt32.self, rInt32, tag: 250)
        w.writePacked(WireInt64.self, rInt64, tag: 258)
        w.writePacked(WireUInt32.self, rUint32, tag: 266)
        w.writePacked(WireUInt64.self, rUint64, tag: 274)
        w.writePacked(WireSInt32.self, rSint32, tag: 282)
        w.writePacked(WireSInt64.self, rSint64, tag: 290)
        w.writePacked(WireFixed32.self, rFixed32, tag: 298)
        w.writePacked(WireFixed64.self, rFixed64, tag: 306)
        w.writePacked(WireSFixed32.self, rSfixed32, tag: 314)
        w.writePacked(WireSFixed64.self, rSfixed64, tag: 322)
        w.writePacked(WireFloat.self, rFloat, tag: 330)
        w.writePacked(WireDouble.self, rDouble, tag: 338)
        w.writePacked(WireBool.self, rBool, tag: 346)
        w.writeRepeated(WireString.self, rString, tag: 354)
        w.writeRepeated(WireBytes.self, rBytes, tag: 362)
        w.writePacked(WireEnum<Protohttp_Test_Color>.self, rEnum, tag: 370)
        w.writeRepeated(WireMessage<Protohttp_Test_Nested3>.self, rNested, tag: 378)
        w.writeRepeated(WireInt32.self, uInt32, tag: 488)
        w.writeRepeated(WireSInt64.self, uSint64, tag: 496)
        w.writeRepeated(WireFixed32.self, uFixed32, tag: 509)
        w.writeRepeated(WireDouble.self, uDouble, tag: 513)
        w.writeRepeated(WireBool.self, uBool, tag: 520)
        w.writeRepeated(WireEnum<Protohttp_Test_Color>.self, uEnum, tag: 528)
        w.writeMap(WireInt32.self, WireInt32.self, mInt32Int32, tag: 570)
        w.writeMap(WireInt64.self, WireString.self, mInt64String, tag: 578)
        w.writeMap(WireUInt32.self, WireBytes.self, mUint32Bytes, tag: 586)
        w.writeMap(WireUInt64.self, WireDouble.self, mUint64Double, tag: 594)
        w.writeMap(WireSInt32.self, WireFloat.self, mSint32Float, tag: 602)
        w.writeMap(WireSInt64.self, WireEnum<Protohttp_Test_Color>.self, mSint64Enum, tag: 610)
        w.writeMap(WireFixed32.self, WireMessage<Protohttp_Test_Nested3>.self, mFixed32Nested, tag: 618)
        w.writeMap(WireFixed64.self, WireUInt64.self, mFixed64Uint64, tag: 626)
        w.writeMap(WireSFixed32.self, WireSInt32.self, mSfixed32Sint32, tag: 634)
        w.writeMap(WireSFixed64.self, WireBool.self, mSfixed64Bool, tag: 642)
        w.writeMap(WireBool.self, WireInt64.self, mBoolInt64, tag: 650)
        w.writeMap(WireString.self, WireString.self, mStringString, tag: 658)
        w.writeMap(WireString.self, WireMessage<Protohttp_Test_Nested3>.self, mStringNested, tag: 666)
        switch choice {
        case .oUint32(let v)?:
            w.writeTag(888)
            WireUInt32.write(v, &w)
        case .oString(let v)?:
            w.writeTag(898)
            WireString.write(v, &w)
        case .oBytes(let v)?:
            w.writeTag(906)
            WireBytes.write(v, &w)
        case .oNested(let v)?:
            w.writeTag(914)
            WireMessage<Protohttp_Test_Nested3>.write(v, &w)
        case .oEnum(let v)?:
            w.writeTag(920)
            WireEnum<Protohttp_Test_Color>.write(v, &w)
        case .oDouble(let v)?:
            w.writeTag(929)
            WireDouble.write(v, &w)
        case nil: break
        }
        if let v = _recursive {
            w.writeTag(962)
            WireMessage<Protohttp_Test_TestAllTypes3>.write(v.value, &w)
        }
        w.writeRepeated(WireMessage<Protohttp_Test_TestAllTypes3>.self, rRecursive, tag: 970)
        if fMaxNumber != 0 {
            w.writeTag(4294967288)
            WireInt32.write(fMaxNumber, &w)
        }
        unknownFields.write(to: &w)
    }

    public mutating func _protoMerge(_ r: inout WireReader) throws(WireError) {
        while let tag = try r.readTag() {
            switch tag.rawValue {
            case 8: fInt32 = try WireInt32.read(&r)
            case 16: fInt64 = try WireInt64.read(&r)
            case 24: fUint32 = try WireUInt32.read(&r)
            case 32: fUint64 = try WireUInt64.read(&r)
            case 40: fSint32 = try WireSInt32.read(&r)
            case 48: fSint64 = try WireSInt64.read(&r)
            case 61: fFixed32 = try WireFixed32.read(&r)
            case 65: fFixed64 = try WireFixed64.read(&r)
            case 77: fSfixed32 = try WireSFixed32.read(&r)
            case 81: fSfixed64 = try WireSFixed64.read(&r)
            case 93: fFloat = try WireFloat.read(&r)
            case 97: fDouble = try WireDouble.read(&r)
            case 104: fBool = try WireBool.read(&r)
            case 114: fString = try WireString.read(&r)
            case 122: fBytes = try WireBytes.read(&r)
            case 128: fEnum = try WireEnum<Protohttp_Test_Color>.read(&r)
            case 138:
                if _fNested == nil { _fNested = Protohttp_Test_Nested3() }
                try r.readMessage(into: &_fNested!)
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
            case 368, 370: try r.readRepeated(WireEnum<Protohttp_Test_Color>.self, tag, into: &rEnum)
            case 378: try r.readRepeated(WireMessage<Protohttp_Test_Nested3>.self, tag, into: &rNested)
            case 488, 490: try r.readRepeated(WireInt32.self, tag, into: &uInt32)
            case 496, 498: try r.readRepeated(WireSInt64.self, tag, into: &uSint64)
            case 509, 506: try r.readRepeated(WireFixed32.self, tag, into: &uFixed32)
            case 513, 514: try r.readRepeated(WireDouble.self, tag, into: &uDouble)
            case 520, 522: try r.readRepeated(WireBool.self, tag, into: &uBool)
            case 528, 530: try r.readRepeated(WireEnum<Protohttp_Test_Color>.self, tag, into: &uEnum)
            case 570: try r.readMapEntry(WireInt32.self, WireInt32.self, into: &mInt32Int32)
            case 578: try r.readMapEntry(WireInt64.self, WireString.self, into: &mInt64String)
            case 586: try r.readMapEntry(WireUInt32.self, WireBytes.self, into: &mUint32Bytes)
            case 594: try r.readMapEntry(WireUInt64.self, WireDouble.self, into: &mUint64Double)
            case 602: try r.readMapEntry(WireSInt32.self, WireFloat.self, into: &mSint32Float)
            case 610: try r.readMapEntry(WireSInt64.self, WireEnum<Protohttp_Test_Color>.self, into: &mSint64Enum)
            case 618: try r.readMapEntry(WireFixed32.self, WireMessage<Protohttp_Test_Nested3>.self, into: &mFixed32Nested)
            case 626: try r.readMapEntry(WireFixed64.self, WireUInt64.self, into: &mFixed64Uint64)
            case 634: try r.readMapEntry(WireSFixed32.self, WireSInt32.self, into: &mSfixed32Sint32)
            case 642: try r.readMapEntry(WireSFixed64.self, WireBool.self, into: &mSfixed64Bool)
            case 650: try r.readMapEntry(WireBool.self, WireInt64.self, into: &mBoolInt64)
            case 658: try r.readMapEntry(WireString.self, WireString.self, into: &mStringString)
            case 666: try r.readMapEntry(WireString.self, WireMessage<Protohttp_Test_Nested3>.self, into: &mStringNested)
            case 888: choice = .oUint32(try WireUInt32.read(&r))
            case 898: choice = .oString(try WireString.read(&r))
            case 906: choice = .oBytes(try WireBytes.read(&r))
            case 914:
                var v = Protohttp_Test_Nested3()
                if case .oNested(let old)? = choice {
                    v = old
                    choice = nil
                }
                try r.readMessage(into: &v)
                choice = .oNested(v)
            case 920: choice = .oEnum(try WireEnum<Protohttp_Test_Color>.read(&r))
            case 929: choice = .oDouble(try WireDouble.read(&r))
            case 962:
                if _recursive == nil { _recursive = ProtoBox(Protohttp_Test_TestAllTypes3()) }
                try r.readMessage(into: &_recursive!.value)
            case 970: try r.readRepeated(WireMessage<Protohttp_Test_TestAllTypes3>.self, tag, into: &rRecursive)
            case 4294967288: fMaxNumber = try WireInt32.read(&r)
            default: try r.skipUnknown(tag, into: &unknownFields)
            }
        }
    }
}
