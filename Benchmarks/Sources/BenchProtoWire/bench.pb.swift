// bench.pb.swift: stand-in for generated code for Protos/bench.proto, in the shape ProtoWire's
// generator will produce. DO NOT EDIT by hand beyond this stand-in.
// Source: Benchmarks/Protos/bench.proto

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ProtoWire

/// A small enum, for the enum field kinds.
public enum Protohttp_Bench_Kind: ProtoEnum {
    public typealias RawValue = Int
    /// KIND_UNSPECIFIED = 0
    case unspecified
    /// KIND_ALPHA = 1
    case alpha
    /// KIND_BETA = 2
    case beta
    /// KIND_GAMMA = 3
    case gamma
    /// A number this version of the schema does not declare (proto3 enums are open).
    case UNRECOGNIZED(Int)

    /// The default, `.unspecified`.
    public init() { self = .unspecified }

    /// Never fails: unknown numbers become `.UNRECOGNIZED`.
    public init?(rawValue: Int) {
        switch rawValue {
        case 0: self = .unspecified
        case 1: self = .alpha
        case 2: self = .beta
        case 3: self = .gamma
        default: self = .UNRECOGNIZED(rawValue)
        }
    }

    /// The enum number.
    public var rawValue: Int {
        switch self {
        case .unspecified: return 0
        case .alpha: return 1
        case .beta: return 2
        case .gamma: return 3
        case .UNRECOGNIZED(let n): return n
        }
    }

    /// The declared cases.
    public static let allCases: [Protohttp_Bench_Kind] = [.unspecified, .alpha, .beta, .gamma]
}

/// Case "small": a typical tiny request, about 20 bytes encoded.
public struct Protohttp_Bench_Small: Sendable, Hashable {
    /// Field 1.
    public var id: Int32 = 0

    /// Field 2.
    public var name: String = ""

    /// Field 3.
    public var active: Bool = false

    /// Field 4.
    public var score: Double = 0

    /// Fields this schema does not know, kept byte-exact.
    public var unknownFields = UnknownFields()

    /// Creates a message with every field at its default.
    public init() {}
}

extension Protohttp_Bench_Small: ProtoMessage {
    public static let protoMessageName = "protohttp.bench.Small"

    public func _protoSize(_ cache: inout SizeCache) -> Int {
        var n = 0
        if id != 0 { n &+= 1 &+ WireInt32.size(of: id, &cache) }
        if !name.isEmpty { n &+= 1 &+ WireString.size(of: name, &cache) }
        if active { n &+= 1 &+ WireBool.size(of: active, &cache) }
        if score.bitPattern != 0 { n &+= 1 &+ WireDouble.size(of: score, &cache) }
        n &+= unknownFields.count
        return n
    }

    public func _protoWrite(_ w: inout WireWriter) {
        if id != 0 {
            w.writeTag(8)
            WireInt32.write(id, &w)
        }
        if !name.isEmpty {
            w.writeTag(18)
            WireString.write(name, &w)
        }
        if active {
            w.writeTag(24)
            WireBool.write(active, &w)
        }
        if score.bitPattern != 0 {
            w.writeTag(33)
            WireDouble.write(score, &w)
        }
        unknownFields.write(to: &w)
    }

    public mutating func _protoMerge(_ r: inout WireReader) throws(WireError) {
        while let tag = try r.readTag() {
            switch tag.rawValue {
            case 8: id = try WireInt32.read(&r)
            case 18: name = try WireString.read(&r)
            case 24: active = try WireBool.read(&r)
            case 33: score = try WireDouble.read(&r)
            default: try r.skipUnknown(tag, into: &unknownFields)
            }
        }
    }
}

/// A short submessage: a field, a repeated element, a map value and a oneof case.
public struct Protohttp_Bench_Item: Sendable, Hashable {
    /// Field 1.
    public var id: Int32 = 0

    /// Field 2.
    public var label: String = ""

    /// Fields this schema does not know, kept byte-exact.
    public var unknownFields = UnknownFields()

    /// Creates a message with every field at its default.
    public init() {}
}

extension Protohttp_Bench_Item: ProtoMessage {
    public static let protoMessageName = "protohttp.bench.Item"

    public func _protoSize(_ cache: inout SizeCache) -> Int {
        var n = 0
        if id != 0 { n &+= 1 &+ WireInt32.size(of: id, &cache) }
        if !label.isEmpty { n &+= 1 &+ WireString.size(of: label, &cache) }
        n &+= unknownFields.count
        return n
    }

    public func _protoWrite(_ w: inout WireWriter) {
        if id != 0 {
            w.writeTag(8)
            WireInt32.write(id, &w)
        }
        if !label.isEmpty {
            w.writeTag(18)
            WireString.write(label, &w)
        }
        unknownFields.write(to: &w)
    }

    public mutating func _protoMerge(_ r: inout WireReader) throws(WireError) {
        while let tag = try r.readTag() {
            switch tag.rawValue {
            case 8: id = try WireInt32.read(&r)
            case 18: label = try WireString.read(&r)
            default: try r.skipUnknown(tag, into: &unknownFields)
            }
        }
    }
}

/// Case "medium": about 1 KB with every scalar kind, packed repeated fields, a nested message, repeated strings and messages, maps and a oneof.
public struct Protohttp_Bench_Medium: Sendable, Hashable {
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
    public var fKind: Protohttp_Bench_Kind = .unspecified

    /// Field 17.
    public var fItem: Protohttp_Bench_Item {
        get { _fItem ?? Protohttp_Bench_Item() }
        set { _fItem = newValue }
    }
    /// Whether `fItem` is set.
    public var hasFItem: Bool { _fItem != nil }
    /// Clears `fItem`.
    public mutating func clearFItem() { _fItem = nil }
    var _fItem: Protohttp_Bench_Item? = nil

    /// Field 20.
    public var rInt32: [Int32] = []

    /// Field 21.
    public var rInt64: [Int64] = []

    /// Field 22.
    public var rSint32: [Int32] = []

    /// Field 23.
    public var rFixed32: [UInt32] = []

    /// Field 24.
    public var rDouble: [Double] = []

    /// Field 25.
    public var rKind: [Protohttp_Bench_Kind] = []

    /// Field 26.
    public var rString: [String] = []

    /// Field 27.
    public var rItem: [Protohttp_Bench_Item] = []

    /// Field 30.
    public var mCounts: [String: Int32] = [:]

    /// Field 31.
    public var mItems: [Int32: Protohttp_Bench_Item] = [:]

    /// Field 40, in oneof `choice`.
    public var oText: String {
        get {
            if case .oText(let v)? = choice { return v }
            return ""
        }
        set { choice = .oText(newValue) }
    }

    /// Field 41, in oneof `choice`.
    public var oItem: Protohttp_Bench_Item {
        get {
            if case .oItem(let v)? = choice { return v }
            return Protohttp_Bench_Item()
        }
        set { choice = .oItem(newValue) }
    }

    /// Field 42, in oneof `choice`.
    public var oNumber: Int64 {
        get {
            if case .oNumber(let v)? = choice { return v }
            return 0
        }
        set { choice = .oNumber(newValue) }
    }

    /// The `choice` oneof: at most one of its fields is set.
    public var choice: OneOf_Choice? = nil
    /// Fields this schema does not know, kept byte-exact.
    public var unknownFields = UnknownFields()

    /// The cases of the `choice` oneof.
    public enum OneOf_Choice: Sendable, Hashable {
        /// Field `oText`.
        case oText(String)
        /// Field `oItem`.
        case oItem(Protohttp_Bench_Item)
        /// Field `oNumber`.
        case oNumber(Int64)
    }

    /// Creates a message with every field at its default.
    public init() {}
}

extension Protohttp_Bench_Medium: ProtoMessage {
    public static let protoMessageName = "protohttp.bench.Medium"

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
        if fKind != .unspecified { n &+= 2 &+ WireEnum<Protohttp_Bench_Kind>.size(of: fKind, &cache) }
        if let v = _fItem { n &+= 2 &+ WireMessage<Protohttp_Bench_Item>.size(of: v, &cache) }
        n &+= FieldSize.packed(WireInt32.self, rInt32, tagSize: 2, &cache)
        n &+= FieldSize.packed(WireInt64.self, rInt64, tagSize: 2, &cache)
        n &+= FieldSize.packed(WireSInt32.self, rSint32, tagSize: 2, &cache)
        n &+= FieldSize.packed(WireFixed32.self, rFixed32, tagSize: 2, &cache)
        n &+= FieldSize.packed(WireDouble.self, rDouble, tagSize: 2, &cache)
        n &+= FieldSize.packed(WireEnum<Protohttp_Bench_Kind>.self, rKind, tagSize: 2, &cache)
        n &+= FieldSize.repeated(WireString.self, rString, tagSize: 2, &cache)
        n &+= FieldSize.repeated(WireMessage<Protohttp_Bench_Item>.self, rItem, tagSize: 2, &cache)
        n &+= FieldSize.map(WireString.self, WireInt32.self, mCounts, tagSize: 2, &cache)
        n &+= FieldSize.map(WireInt32.self, WireMessage<Protohttp_Bench_Item>.self, mItems, tagSize: 2, &cache)
        switch choice {
        case .oText(let v)?: n &+= 2 &+ WireString.size(of: v, &cache)
        case .oItem(let v)?: n &+= 2 &+ WireMessage<Protohttp_Bench_Item>.size(of: v, &cache)
        case .oNumber(let v)?: n &+= 2 &+ WireInt64.size(of: v, &cache)
        case nil: break
        }
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
        if fKind != .unspecified {
            w.writeTag(128)
            WireEnum<Protohttp_Bench_Kind>.write(fKind, &w)
        }
        if let v = _fItem {
            w.writeTag(138)
            WireMessage<Protohttp_Bench_Item>.write(v, &w)
        }
        w.writePacked(WireInt32.self, rInt32, tag: 162)
        w.writePacked(WireInt64.self, rInt64, tag: 170)
        w.writePacked(WireSInt32.self, rSint32, tag: 178)
        w.writePacked(WireFixed32.self, rFixed32, tag: 186)
        w.writePacked(WireDouble.self, rDouble, tag: 194)
        w.writePacked(WireEnum<Protohttp_Bench_Kind>.self, rKind, tag: 202)
        w.writeRepeated(WireString.self, rString, tag: 210)
        w.writeRepeated(WireMessage<Protohttp_Bench_Item>.self, rItem, tag: 218)
        w.writeMap(WireString.self, WireInt32.self, mCounts, tag: 242)
        w.writeMap(WireInt32.self, WireMessage<Protohttp_Bench_Item>.self, mItems, tag: 250)
        switch choice {
        case .oText(let v)?:
            w.writeTag(322)
            WireString.write(v, &w)
        case .oItem(let v)?:
            w.writeTag(330)
            WireMessage<Protohttp_Bench_Item>.write(v, &w)
        case .oNumber(let v)?:
            w.writeTag(336)
            WireInt64.write(v, &w)
        case nil: break
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
            case 128: fKind = try WireEnum<Protohttp_Bench_Kind>.read(&r)
            case 138:
                if _fItem == nil { _fItem = Protohttp_Bench_Item() }
                try r.readMessage(into: &_fItem!)
            case 160, 162: try r.readRepeated(WireInt32.self, tag, into: &rInt32)
            case 168, 170: try r.readRepeated(WireInt64.self, tag, into: &rInt64)
            case 176, 178: try r.readRepeated(WireSInt32.self, tag, into: &rSint32)
            case 189, 186: try r.readRepeated(WireFixed32.self, tag, into: &rFixed32)
            case 193, 194: try r.readRepeated(WireDouble.self, tag, into: &rDouble)
            case 200, 202: try r.readRepeated(WireEnum<Protohttp_Bench_Kind>.self, tag, into: &rKind)
            case 210: try r.readRepeated(WireString.self, tag, into: &rString)
            case 218: try r.readRepeated(WireMessage<Protohttp_Bench_Item>.self, tag, into: &rItem)
            case 242: try r.readMapEntry(WireString.self, WireInt32.self, into: &mCounts)
            case 250: try r.readMapEntry(WireInt32.self, WireMessage<Protohttp_Bench_Item>.self, into: &mItems)
            case 322: choice = .oText(try WireString.read(&r))
            case 330:
                var v = Protohttp_Bench_Item()
                if case .oItem(let old)? = choice {
                    v = old
                    choice = nil
                }
                try r.readMessage(into: &v)
                choice = .oItem(v)
            case 336: choice = .oNumber(try WireInt64.read(&r))
            default: try r.skipUnknown(tag, into: &unknownFields)
            }
        }
    }
}

/// Case "deep": a chain of 32 levels, each carrying a Medium payload.
public struct Protohttp_Bench_Deep: Sendable, Hashable {
    /// Field 1.
    public var payload: Protohttp_Bench_Medium {
        get { _payload ?? Protohttp_Bench_Medium() }
        set { _payload = newValue }
    }
    /// Whether `payload` is set.
    public var hasPayload: Bool { _payload != nil }
    /// Clears `payload`.
    public mutating func clearPayload() { _payload = nil }
    var _payload: Protohttp_Bench_Medium? = nil

    /// Field 2: recursion, kept in copy-on-write heap storage.
    public var child: Protohttp_Bench_Deep {
        get { _child?.value ?? Protohttp_Bench_Deep() }
        set { _child = ProtoBox(newValue) }
    }
    /// Whether `child` is set.
    public var hasChild: Bool { _child != nil }
    /// Clears `child`.
    public mutating func clearChild() { _child = nil }
    var _child: ProtoBox<Protohttp_Bench_Deep>? = nil

    /// Field 3.
    public var level: Int32 = 0

    /// Fields this schema does not know, kept byte-exact.
    public var unknownFields = UnknownFields()

    /// Creates a message with every field at its default.
    public init() {}
}

extension Protohttp_Bench_Deep: ProtoMessage {
    public static let protoMessageName = "protohttp.bench.Deep"

    public func _protoSize(_ cache: inout SizeCache) -> Int {
        var n = 0
        if let v = _payload { n &+= 1 &+ WireMessage<Protohttp_Bench_Medium>.size(of: v, &cache) }
        if let v = _child { n &+= 1 &+ WireMessage<Protohttp_Bench_Deep>.size(of: v.value, &cache) }
        if level != 0 { n &+= 1 &+ WireInt32.size(of: level, &cache) }
        n &+= unknownFields.count
        return n
    }

    public func _protoWrite(_ w: inout WireWriter) {
        if let v = _payload {
            w.writeTag(10)
            WireMessage<Protohttp_Bench_Medium>.write(v, &w)
        }
        if let v = _child {
            w.writeTag(18)
            WireMessage<Protohttp_Bench_Deep>.write(v.value, &w)
        }
        if level != 0 {
            w.writeTag(24)
            WireInt32.write(level, &w)
        }
        unknownFields.write(to: &w)
    }

    public mutating func _protoMerge(_ r: inout WireReader) throws(WireError) {
        while let tag = try r.readTag() {
            switch tag.rawValue {
            case 10:
                if _payload == nil { _payload = Protohttp_Bench_Medium() }
                try r.readMessage(into: &_payload!)
            case 18:
                if _child == nil { _child = ProtoBox(Protohttp_Bench_Deep()) }
                try r.readMessage(into: &_child!.value)
            case 24: level = try WireInt32.read(&r)
            default: try r.skipUnknown(tag, into: &unknownFields)
            }
        }
    }
}

/// Case "large": a 1 MiB blob plus 100,000 packed int64 values.
public struct Protohttp_Bench_Large: Sendable, Hashable {
    /// Field 1.
    public var blob: Data = Data()

    /// Field 2.
    public var values: [Int64] = []

    /// Fields this schema does not know, kept byte-exact.
    public var unknownFields = UnknownFields()

    /// Creates a message with every field at its default.
    public init() {}
}

extension Protohttp_Bench_Large: ProtoMessage {
    public static let protoMessageName = "protohttp.bench.Large"

    public func _protoSize(_ cache: inout SizeCache) -> Int {
        var n = 0
        if !blob.isEmpty { n &+= 1 &+ WireBytes.size(of: blob, &cache) }
        n &+= FieldSize.packed(WireInt64.self, values, tagSize: 1, &cache)
        n &+= unknownFields.count
        return n
    }

    public func _protoWrite(_ w: inout WireWriter) {
        if !blob.isEmpty {
            w.writeTag(10)
            WireBytes.write(blob, &w)
        }
        w.writePacked(WireInt64.self, values, tag: 18)
        unknownFields.write(to: &w)
    }

    public mutating func _protoMerge(_ r: inout WireReader) throws(WireError) {
        while let tag = try r.readTag() {
            switch tag.rawValue {
            case 10: blob = try WireBytes.read(&r)
            case 16, 18: try r.readRepeated(WireInt64.self, tag, into: &values)
            default: try r.skipUnknown(tag, into: &unknownFields)
            }
        }
    }
}
