// DynamicScalars.swift: scalar field values read, sized and written through the generated code's codecs.

/// Scalar values of a ``DynamicMessage`` go through the same codecs (`WireInt32`,
/// `WireSFixed64`, `WireString`, ...) as generated fields, so both encode alike.
enum DynamicScalars {
    /// Reads one scalar of `kind` (not an enum, message or group).
    static func read(_ kind: FieldSchema.Kind, _ r: inout WireReader) throws(WireError) -> DynamicValue {
        switch kind {
        case .int32: .int32(try WireInt32.read(&r))
        case .sint32: .int32(try WireSInt32.read(&r))
        case .sfixed32: .int32(try WireSFixed32.read(&r))
        case .int64: .int64(try WireInt64.read(&r))
        case .sint64: .int64(try WireSInt64.read(&r))
        case .sfixed64: .int64(try WireSFixed64.read(&r))
        case .uint32: .uint32(try WireUInt32.read(&r))
        case .fixed32: .uint32(try WireFixed32.read(&r))
        case .uint64: .uint64(try WireUInt64.read(&r))
        case .fixed64: .uint64(try WireFixed64.read(&r))
        case .float: .float(try WireFloat.read(&r))
        case .double: .double(try WireDouble.read(&r))
        case .bool: .bool(try WireBool.read(&r))
        case .string: .string(try WireString.read(&r))
        case .bytes: .bytes(try WireBytes.read(&r))
        case .enumeration: .enumeration(try WireInt32.read(&r))
        case .message(let reference), .group(let reference): .message(DynamicMessage(schema: reference.schema))
        }
    }

    /// The encoded size of one scalar or enum `value` of `kind` (no tag); 0 when the value
    /// does not fit the kind.
    static func size(_ kind: FieldSchema.Kind, _ value: DynamicValue) -> Int {
        var cache = SizeCache()
        switch (kind, value) {
        case (.int32, .int32(let v)), (.enumeration, .enumeration(let v)): return WireInt32.size(of: v, &cache)
        case (.sint32, .int32(let v)): return WireSInt32.size(of: v, &cache)
        case (.sfixed32, .int32), (.fixed32, .uint32), (.float, .float): return 4
        case (.int64, .int64(let v)): return WireInt64.size(of: v, &cache)
        case (.sint64, .int64(let v)): return WireSInt64.size(of: v, &cache)
        case (.sfixed64, .int64), (.fixed64, .uint64), (.double, .double): return 8
        case (.uint32, .uint32(let v)): return WireUInt32.size(of: v, &cache)
        case (.uint64, .uint64(let v)): return WireUInt64.size(of: v, &cache)
        case (.bool, .bool): return 1
        case (.string, .string(let v)): return WireString.size(of: v, &cache)
        case (.bytes, .bytes(let v)): return WireBytes.size(of: v, &cache)
        default: return 0
        }
    }

    /// Writes one scalar or enum `value` of `kind` (no tag); writes nothing when the value
    /// does not fit the kind, as ``size(_:_:)`` counted nothing.
    static func write(_ kind: FieldSchema.Kind, _ value: DynamicValue, _ w: inout WireWriter) {
        switch (kind, value) {
        case (.int32, .int32(let v)), (.enumeration, .enumeration(let v)): WireInt32.write(v, &w)
        case (.sint32, .int32(let v)): WireSInt32.write(v, &w)
        case (.sfixed32, .int32(let v)): WireSFixed32.write(v, &w)
        case (.int64, .int64(let v)): WireInt64.write(v, &w)
        case (.sint64, .int64(let v)): WireSInt64.write(v, &w)
        case (.sfixed64, .int64(let v)): WireSFixed64.write(v, &w)
        case (.uint32, .uint32(let v)): WireUInt32.write(v, &w)
        case (.fixed32, .uint32(let v)): WireFixed32.write(v, &w)
        case (.uint64, .uint64(let v)): WireUInt64.write(v, &w)
        case (.fixed64, .uint64(let v)): WireFixed64.write(v, &w)
        case (.float, .float(let v)): WireFloat.write(v, &w)
        case (.double, .double(let v)): WireDouble.write(v, &w)
        case (.bool, .bool(let v)): WireBool.write(v, &w)
        case (.string, .string(let v)): WireString.write(v, &w)
        case (.bytes, .bytes(let v)): WireBytes.write(v, &w)
        default: break
        }
    }
}

extension FieldSchema.Kind {
    /// The wire type of one unpacked value.
    var wireType: WireType {
        switch self {
        case .int32, .int64, .uint32, .uint64, .sint32, .sint64, .bool, .enumeration: .varint
        case .fixed32, .sfixed32, .float: .fixed32
        case .fixed64, .sfixed64, .double: .fixed64
        case .string, .bytes, .message: .lengthDelimited
        case .group: .startGroup
        }
    }

    /// Whether repeated values may be packed.
    var isPackable: Bool {
        switch self {
        case .string, .bytes, .message, .group: false
        default: true
        }
    }
}
