// JSONEncodingOptions.swift: switches for writing proto3 JSON.

/// Options for writing proto3 JSON. Field order is always deterministic: fields in
/// field-number order, map entries in ascending key order.
public struct JSONEncodingOptions: Sendable {
    /// Write fields under their original proto names (`f_int32`) instead of their JSON
    /// names (`fInt32`, or the declared `json_name`).
    public var preserveProtoFieldNames: Bool = false
    /// Write fields without presence (proto3 scalars, repeated fields, maps) even when they
    /// hold their default ("emit defaults").
    public var alwaysPrintFieldsWithoutPresence: Bool = false
    /// Write enum values as numbers instead of names.
    public var alwaysPrintEnumsAsInts: Bool = false
    /// The message types `google.protobuf.Any` values may hold; an `Any` of another type
    /// cannot be written. The well-known types are always known.
    public var typeRegistry: TypeRegistry = TypeRegistry()

    /// Creates options; the defaults write canonical proto3 JSON.
    public init(preserveProtoFieldNames: Bool = false, alwaysPrintFieldsWithoutPresence: Bool = false,
                alwaysPrintEnumsAsInts: Bool = false, typeRegistry: TypeRegistry = TypeRegistry()) {
        self.preserveProtoFieldNames = preserveProtoFieldNames
        self.alwaysPrintFieldsWithoutPresence = alwaysPrintFieldsWithoutPresence
        self.alwaysPrintEnumsAsInts = alwaysPrintEnumsAsInts
        self.typeRegistry = typeRegistry
    }
}
