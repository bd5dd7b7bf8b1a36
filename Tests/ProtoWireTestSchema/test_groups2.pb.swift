// test_groups2.pb.swift: stand-in for generated code for Protos/test/test_groups2.proto.
// DO NOT EDIT by hand beyond this stand-in: protoc-gen-protohttp will generate this file.
// Source: Protos/test/test_groups2.proto

import ProtoWire

/// Singular and repeated groups, a group nested in a group, and a field after them.
public struct Protohttp_Test2_Groups2: Sendable, Hashable {
    /// Field 1: the `OptGroup` group.
    public var optgroup: Protohttp_Test2_Groups2.OptGroup {
        get { _optgroup ?? Protohttp_Test2_Groups2.OptGroup() }
        set { _optgroup = newValue }
    }
    /// Whether `optgroup` is set.
    public var hasOptgroup: Bool { _optgroup != nil }
    /// Clears `optgroup`.
    public mutating func clearOptgroup() { _optgroup = nil }
    var _optgroup: Protohttp_Test2_Groups2.OptGroup? = nil

    /// Field 10: the repeated `RepGroup` group.
    public var repgroup: [Protohttp_Test2_Groups2.RepGroup] = []

    /// Field 20.
    public var after: Int32 {
        get { _after ?? 0 }
        set { _after = newValue }
    }
    /// Whether `after` is set.
    public var hasAfter: Bool { _after != nil }
    /// Clears `after`.
    public mutating func clearAfter() { _after = nil }
    var _after: Int32? = nil

    /// Fields this schema does not know, kept byte-exact.
    public var unknownFields = UnknownFields()

    /// The `OptGroup` group (field 1).
    public struct OptGroup: Sendable, Hashable {
        /// Field 2.
        public var a: Int32 {
            get { _a ?? 0 }
            set { _a = newValue }
        }
        /// Whether `a` is set.
        public var hasA: Bool { _a != nil }
        /// Clears `a`.
        public mutating func clearA() { _a = nil }
        var _a: Int32? = nil

        /// Field 3.
        public var b: String {
            get { _b ?? "" }
            set { _b = newValue }
        }
        /// Whether `b` is set.
        public var hasB: Bool { _b != nil }
        /// Clears `b`.
        public mutating func clearB() { _b = nil }
        var _b: String? = nil

        /// Field 4: the `Inner` group.
        public var inner: Protohttp_Test2_Groups2.OptGroup.Inner {
            get { _inner ?? Protohttp_Test2_Groups2.OptGroup.Inner() }
            set { _inner = newValue }
        }
        /// Whether `inner` is set.
        public var hasInner: Bool { _inner != nil }
        /// Clears `inner`.
        public mutating func clearInner() { _inner = nil }
        var _inner: Protohttp_Test2_Groups2.OptGroup.Inner? = nil

        /// Fields this schema does not know, kept byte-exact.
        public var unknownFields = UnknownFields()

        /// The `Inner` group (field 4 of `OptGroup`): a group nested in a group.
        public struct Inner: Sendable, Hashable {
            /// Field 5.
            public var c: Int64 {
                get { _c ?? 0 }
                set { _c = newValue }
            }
            /// Whether `c` is set.
            public var hasC: Bool { _c != nil }
            /// Clears `c`.
            public mutating func clearC() { _c = nil }
            var _c: Int64? = nil

            /// Fields this schema does not know, kept byte-exact.
            public var unknownFields = UnknownFields()

            /// Creates a message with every field at its default.
            public init() {}
        }

        /// Creates a message with every field at its default.
        public init() {}
    }

    /// The `RepGroup` group (field 10), repeated.
    public struct RepGroup: Sendable, Hashable {
        /// Field 11.
        public var d: Int32 {
            get { _d ?? 0 }
            set { _d = newValue }
        }
        /// Whether `d` is set.
        public var hasD: Bool { _d != nil }
        /// Clears `d`.
        public mutating func clearD() { _d = nil }
        var _d: Int32? = nil

        /// Field 12: recursion back to `Groups2`, kept in copy-on-write heap storage.
        public var child: Protohttp_Test2_Groups2 {
            get { _child?.value ?? Protohttp_Test2_Groups2() }
            set { _child = ProtoBox(newValue) }
        }
        /// Whether `child` is set.
        public var hasChild: Bool { _child != nil }
        /// Clears `child`.
        public mutating func clearChild() { _child = nil }
        var _child: ProtoBox<Protohttp_Test2_Groups2>? = nil

        /// Fields this schema does not know, kept byte-exact.
        public var unknownFields = UnknownFields()

        /// Creates a message with every field at its default.
        public init() {}
    }

    /// Creates a message with every field at its default.
    public init() {}
}

extension Protohttp_Test2_Groups2: ProtoMessage {
    public static let protoMessageName = "protohttp.test2.Groups2"

    public func _protoSize(_ cache: inout SizeCache) -> Int {
        var n = 0
        if let v = _optgroup { n &+= FieldSize.group(v, tagSize: 1, &cache) }
        n &+= FieldSize.repeatedGroup(repgroup, tagSize: 1, &cache)
        if let v = _after { n &+= 2 &+ WireInt32.size(of: v, &cache) }
        n &+= unknownFields.count
        return n
    }

    public func _protoWrite(_ w: inout WireWriter) {
        if let v = _optgroup { w.writeGroup(v, fieldNumber: 1) }
        w.writeRepeatedGroup(repgroup, fieldNumber: 10)
        if let v = _after {
            w.writeTag(160)
            WireInt32.write(v, &w)
        }
        unknownFields.write(to: &w)
    }

    public mutating func _protoMerge(_ r: inout WireReader) throws(WireError) {
        while let tag = try r.readTag() {
            switch tag.rawValue {
            case 11:
                if _optgroup == nil { _optgroup = Protohttp_Test2_Groups2.OptGroup() }
                try r.readGroup(fieldNumber: 1, into: &_optgroup!)
            case 83: try r.readRepeatedGroup(fieldNumber: 10, into: &repgroup)
            case 160: _after = try WireInt32.read(&r)
            default: try r.skipUnknown(tag, into: &unknownFields)
            }
        }
    }
}

extension Protohttp_Test2_Groups2.OptGroup: ProtoMessage {
    public static let protoMessageName = "protohttp.test2.Groups2.OptGroup"

    public func _protoSize(_ cache: inout SizeCache) -> Int {
        var n = 0
        if let v = _a { n &+= 1 &+ WireInt32.size(of: v, &cache) }
        if let v = _b { n &+= 1 &+ WireString.size(of: v, &cache) }
        if let v = _inner { n &+= FieldSize.group(v, tagSize: 1, &cache) }
        n &+= unknownFields.count
        return n
    }

    public func _protoWrite(_ w: inout WireWriter) {
        if let v = _a {
            w.writeTag(16)
            WireInt32.write(v, &w)
        }
        if let v = _b {
            w.writeTag(26)
            WireString.write(v, &w)
        }
        if let v = _inner { w.writeGroup(v, fieldNumber: 4) }
        unknownFields.write(to: &w)
    }

    public mutating func _protoMerge(_ r: inout WireReader) throws(WireError) {
        while let tag = try r.readTag() {
            switch tag.rawValue {
            case 16: _a = try WireInt32.read(&r)
            case 26: _b = try WireString.read(&r)
            case 35:
                if _inner == nil { _inner = Protohttp_Test2_Groups2.OptGroup.Inner() }
                try r.readGroup(fieldNumber: 4, into: &_inner!)
            default: try r.skipUnknown(tag, into: &unknownFields)
            }
        }
    }
}

extension Protohttp_Test2_Groups2.OptGroup.Inner: ProtoMessage {
    public static let protoMessageName = "protohttp.test2.Groups2.OptGroup.Inner"

    public func _protoSize(_ cache: inout SizeCache) -> Int {
        var n = 0
        if let v = _c { n &+= 1 &+ WireSInt64.size(of: v, &cache) }
        n &+= unknownFields.count
        return n
    }

    public func _protoWrite(_ w: inout WireWriter) {
        if let v = _c {
            w.writeTag(40)
            WireSInt64.write(v, &w)
        }
        unknownFields.write(to: &w)
    }

    public mutating func _protoMerge(_ r: inout WireReader) throws(WireError) {
        while let tag = try r.readTag() {
            switch tag.rawValue {
            case 40: _c = try WireSInt64.read(&r)
            default: try r.skipUnknown(tag, into: &unknownFields)
            }
        }
    }
}

extension Protohttp_Test2_Groups2.RepGroup: ProtoMessage {
    public static let protoMessageName = "protohttp.test2.Groups2.RepGroup"

    public func _protoSize(_ cache: inout SizeCache) -> Int {
        var n = 0
        if let v = _d { n &+= 1 &+ WireInt32.size(of: v, &cache) }
        if let v = _child { n &+= 1 &+ WireMessage<Protohttp_Test2_Groups2>.size(of: v.value, &cache) }
        n &+= unknownFields.count
        return n
    }

    public func _protoWrite(_ w: inout WireWriter) {
        if let v = _d {
            w.writeTag(88)
            WireInt32.write(v, &w)
        }
        if let v = _child {
            w.writeTag(98)
            WireMessage<Protohttp_Test2_Groups2>.write(v.value, &w)
        }
        unknownFields.write(to: &w)
    }

    public mutating func _protoMerge(_ r: inout WireReader) throws(WireError) {
        while let tag = try r.readTag() {
            switch tag.rawValue {
            case 88: _d = try WireInt32.read(&r)
            case 98:
                if _child == nil { _child = ProtoBox(Protohttp_Test2_Groups2()) }
                try r.readMessage(into: &_child!.value)
            default: try r.skipUnknown(tag, into: &unknownFields)
            }
        }
    }
}
