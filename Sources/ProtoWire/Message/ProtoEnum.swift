// ProtoEnum.swift: the protocol every generated enum conforms to.

/// A protobuf enum.
///
/// proto3 enums are *open*: `init(rawValue:)` never fails, and numbers without a case are kept
/// in an `UNRECOGNIZED(Int)` case and re-encoded as they came. proto2 enums are *closed*:
/// `init(rawValue:)` fails for unknown numbers, and decoders put such values into the message's
/// unknown fields instead.
public protocol ProtoEnum: RawRepresentable, Hashable, Sendable, CaseIterable where RawValue == Int {
    /// The default value: the first declared case.
    init()
    /// Generated: the protobuf names of the values, for JSON.
    static var _protoNames: ProtoEnumNames { get }
}
