// test_presence3.pb.swift: stand-in for generated code for Protos/test/test_presence3.proto.
// DO NOT EDIT by hand beyond this stand-in: protoc-gen-protohttp will generate this file.
// Source: Protos/test/test_presence3.proto

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ProtoWire

/// An open enum for Presence3.
public enum Protohttp_Test_PresenceEnum: ProtoEnum {
    public typealias RawValue = Int
    /// PRESENCE_ENUM_ZERO = 0
    case zero
    /// PRESENCE_ENUM_ONE = 1
    case one
    /// A number this version of the schema does not declare (proto3 enums are open).
    case UNRECOGNIZED(Int)

    /// The default, `.zero`.
    public init() { self = .zero }

    /// Never fails: unknown numbers become `.UNRECOGNIZED`.
    public init?(rawValue: Int) {
        switch rawValue {
        case 0: self = .zero
        case 1: self = .one
        default: self = .UNRECOGNIZED(rawValue)
        }
    }

    /// The enum number.
    public var rawValue: Int {
        switch self {
        case .zero: return 0
        case .one: return 1
        case .UNRECOGNIZED(let n): return n
        }
    }

    /// The declared cases.
    public static let allCases: [Protohttp_Test_PresenceEnum] = [.zero, .one]
}

/// proto3 optional fields: present even when set to the default value.
public struct Protohttp_Test_Presence3: Sendable, Hashable {
    /// Field 1: proto3 `optional`, so present even when set to the default.
    public var pInt32: Int32 {
        get { _pInt32 ?? 0 }
        set { _pInt32 = newValue }
    }
    /// Whether `pInt32` is set.
    public var hasPInt32: Bool { _pInt32 != nil }
    /// Clears `pInt32`.
    public mutating func clearPInt32() { _pInt32 = nil }
    var _pInt32: Int32? = nil

    /// Field 2: proto3 `optional`, so present even when set to the default.
    public var pUint64: UInt64 {
        get { _pUint64 ?? 0 }
        set { _pUint64 = newValue }
    }
    /// Whether `pUint64` is set.
    public var hasPUint64: Bool { _pUint64 != nil }
    /// Clears `pUint64`.
    public mutating func clearPUint64() { _pUint64 = nil }
    var _pUint64: UInt64? = nil

    /// Field 3: proto3 `optional`, so present even when set to the default.
    public var pSint32: Int32 {
        get { _pSint32 ?? 0 }
        set { _pSint32 = newValue }
    }
    /// Whether `pSint32` is set.
    public var hasPSint32: Bool { _pSint32 != nil }
    /// Clears `pSint32`.
    public mutating func clearPSint32() { _pSint32 = nil }
    var _pSint32: Int32? = nil

    /// Field 4: proto3 `optional`, so present even when set to the default.
    public var pDouble: Double {
        get { _pDouble ?? 0 }
        set { _pDouble = newValue }
    }
    /// Whether `pDouble` is set.
    public var hasPDouble: Bool { _pDouble != nil }
    /// Clears `pDouble`.
    public mutating func clearPDouble() { _pDouble = nil }
    var _pDouble: Double? = nil

    /// Field 5: proto3 `optional`, so present even when set to the default.
    public var pFloat: Float {
        get { _pFloat ?? 0 }
        set { _pFloat = newValue }
    }
    /// Whether `pFloat` is set.
    public var hasPFloat: Bool { _pFloat != nil }
    /// Clears `pFloat`.
    public mutating func clearPFloat() { _pFloat = nil }
    var _pFloat: Float? = nil

    /// Field 6: proto3 `optional`, so present even when set to the default.
    public var pBool: Bool {
        get { _pBool ?? false }
        set { _pBool = newValue }
    }
    /// Whether `pBool` is set.
    public var hasPBool: Bool { _pBool != nil }
    /// Clears `pBool`.
    public mutating func clearPBool() { _pBool = nil }
    var _pBool: Bool? = nil

    /// Field 7: proto3 `optional`, so present even when set to the default.
    public var pString: String {
        get { _pString ?? "" }
        set { _pString = newValue }
    }
    /// Whether `pString` is set.
    public var hasPString: Bool { _pString != nil }
    /// Clears `pString`.
    public mutating func clearPString() { _pString = nil }
    var _pString: String? = nil

    /// Field 8: proto3 `optional`, so present even when set to the default.
    public var pBytes: Data {
        get { _pBytes ?? Data() }
        set { _pBytes = newValue }
    }
    /// Whether `pBytes` is set.
    public var hasPBytes: Bool { _pBytes != nil }
    /// Clears `pBytes`.
    public mutating func clearPBytes() { _pBytes = nil }
    var _pBytes: Data? = nil

    /// Field 9: proto3 `optional`, so present even when set to the default.
    public var pEnum: Protohttp_Test_PresenceEnum {
        get { _pEnum ?? .zero }
        set { _pEnum = newValue }
    }
    /// Whether `pEnum` is set.
    public var hasPEnum: Bool { _pEnum != nil }
    /// Clears `pEnum`.
    public mutating func clearPEnum() { _pEnum = nil }
    var _pEnum: Protohttp_Test_PresenceEnum? = nil

    /// Field 10: recursion, kept in copy-on-write heap storage.
    public var pChild: Protohttp_Test_Presence3 {
        get { _pChild?.value ?? Protohttp_Test_Presence3() }
        set { _pChild = ProtoBox(newValue) }
    }
    /// Whether `pChild` is set.
    public var hasPChild: Bool { _pChild != nil }
    /// Clears `pChild`.
    public mutating func clearPChild() { _pChild = nil }
    var _pChild: ProtoBox<Protohttp_Test_Presence3>? = nil

    /// Field 11: no `optional`, so no presence; zero is not encoded.
    public var implicitInt32: Int32 = 0

    /// Fields this schema does not know, kept byte-exact.
    public var unknownFields = UnknownFields()

    /// Creates a message with every field at its default.
    public init() {}
}

extension Protohttp_Test_Presence3: ProtoMessage {
    public static let protoMessageName = "protohttp.test.Presence3"

    public func _protoSize(_ cache: inout SizeCache) -> Int {
        var n = 0
        if let v = _pInt32 { n &+= 1 &+ WireInt32.size(of: v, &cache) }
        if let v = _pUint64 { n &+= 1 &+ WireUInt64.size(of: v, &cache) }
        if let v = _pSint32 { n &+= 1 &+ WireSInt32.size(of: v, &cache) }
        if let v = _pDouble { n &+= 1 &+ WireDouble.size(of: v, &cache) }
        if let v = _pFloat { n &+= 1 &+ WireFloat.size(of: v, &cache) }
        if let v = _pBool { n &+= 1 &+ WireBool.size(of: v, &cache) }
        if let v = _pString { n &+= 1 &+ WireString.size(of: v, &cache) }
        if let v = _pBytes { n &+= 1 &+ WireBytes.size(of: v, &cache) }
        if let v = _pEnum { n &+= 1 &+ WireEnum<Protohttp_Test_PresenceEnum>.size(of: v, &cache) }
        if let v = _pChild { n &+= 1 &+ WireMessage<Protohttp_Test_Presence3>.size(of: v.value, &cache) }
        if implicitInt32 != 0 { n &+= 1 &+ WireInt32.size(of: implicitInt32, &cache) }
        n &+= unknownFields.count
        return n
    }

    public func _protoWrite(_ w: inout WireWriter) {
        if let v = _pInt32 {
            w.writeTag(8)
            WireInt32.write(v, &w)
        }
        if let v = _pUint64 {
            w.writeTag(16)
            WireUInt64.write(v, &w)
        }
        if let v = _pSint32 {
            w.writeTag(24)
            WireSInt32.write(v, &w)
        }
        if let v = _pDouble {
            w.writeTag(33)
            WireDouble.write(v, &w)
        }
        if let v = _pFloat {
            w.writeTag(45)
            WireFloat.write(v, &w)
        }
        if let v = _pBool {
            w.writeTag(48)
            WireBool.write(v, &w)
        }
        if let v = _pString {
            w.writeTag(58)
            WireString.write(v, &w)
        }
        if let v = _pBytes {
            w.writeTag(66)
            WireBytes.write(v, &w)
        }
        if let v = _pEnum {
            w.writeTag(72)
            WireEnum<Protohttp_Test_PresenceEnum>.write(v, &w)
        }
        if let v = _pChild {
            w.writeTag(82)
            WireMessage<Protohttp_Test_Presence3>.write(v.value, &w)
        }
        if implicitInt32 != 0 {
            w.writeTag(88)
            WireInt32.write(implicitInt32, &w)
        }
        unknownFields.write(to: &w)
    }

    public mutating func _protoMerge(_ r: inout WireReader) throws(WireError) {
        while let tag = try r.readTag() {
            switch tag.rawValue {
            case 8: _pInt32 = try WireInt32.read(&r)
            case 16: _pUint64 = try WireUInt64.read(&r)
            case 24: _pSint32 = try WireSInt32.read(&r)
            case 33: _pDouble = try WireDouble.read(&r)
            case 45: _pFloat = try WireFloat.read(&r)
            case 48: _pBool = try WireBool.read(&r)
            case 58: _pString = try WireString.read(&r)
            case 66: _pBytes = try WireBytes.read(&r)
            case 72: _pEnum = try WireEnum<Protohttp_Test_PresenceEnum>.read(&r)
            case 82:
                if _pChild == nil { _pChild = ProtoBox(Protohttp_Test_Presence3()) }
                try r.readMessage(into: &_pChild!.value)
            case 88: implicitInt32 = try WireInt32.read(&r)
            default: try r.skipUnknown(tag, into: &unknownFields)
            }
        }
    }
}
