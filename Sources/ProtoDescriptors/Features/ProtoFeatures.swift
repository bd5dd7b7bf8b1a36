// ProtoFeatures.swift: the features of protobuf editions that decide how a field is encoded, resolved for one scope.

/// The six features of protobuf editions that change what a field means on the wire and in
/// JSON, as resolved for one scope (a file, message, oneof, enum or field).
///
/// proto2 and proto3 are the two "legacy editions": their files carry no `features` options,
/// and their rules are the defaults below (``proto2``, ``proto3``), with the few per-field
/// spellings of the old syntax (`required`, `group`, `[packed = …]`, proto3 `optional`) read
/// in ``field(_:)``. An editions file starts from its edition's defaults and each nested
/// scope overrides what its `features` option sets, file → message → oneof → field, and
/// file → message → enum.
///
/// The defaults are those protoc compiles from `descriptor.proto`'s feature definitions
/// (`protoc --edition_defaults_out`, a `FeatureSetDefaults`); a test checks this table against
/// protoc's own. Edition 2024 changes only naming and symbol-visibility features here, which
/// do not change encoding, so its six are edition 2023's.
package struct ProtoFeatures: Sendable, Hashable {
    /// `field_presence`.
    package enum Presence: Sendable, Hashable {
        /// `EXPLICIT`: set or not, whatever the value (proto2 `optional`, proto3 `optional`).
        case explicit
        /// `IMPLICIT`: present exactly when not the type's zero value (proto3 plain fields).
        case implicit
        /// `LEGACY_REQUIRED`: proto2 `required`: a message without it is not initialized.
        case legacyRequired
    }

    /// `field_presence`.
    package var presence: Presence
    /// `enum_type` is `CLOSED`: unknown numbers go to the unknown fields (proto2 enums).
    package var closedEnums: Bool
    /// `repeated_field_encoding` is `PACKED` (proto3's default; proto2's is `EXPANDED`).
    package var packed: Bool
    /// `utf8_validation` is `VERIFY`: a `string` that is not UTF-8 is an error (`NONE` in proto2).
    package var validatesUTF8: Bool
    /// `message_encoding` is `DELIMITED`: submessages are written as groups.
    package var delimited: Bool
    /// `json_format` is `LEGACY_BEST_EFFORT` (proto2's): protoc skips its JSON name-conflict
    /// checks; the JSON mapping itself is the same.
    package var legacyJSON: Bool

    /// The rules of `syntax = "proto2"` files.
    package static let proto2 = ProtoFeatures(presence: .explicit, closedEnums: true, packed: false,
                                              validatesUTF8: false, delimited: false, legacyJSON: true)
    /// The rules of `syntax = "proto3"` files.
    package static let proto3 = ProtoFeatures(presence: .implicit, closedEnums: false, packed: true,
                                              validatesUTF8: true, delimited: false, legacyJSON: false)
    /// Edition 2023's defaults (edition 2024's too).
    package static let edition2023 = ProtoFeatures(presence: .explicit, closedEnums: false, packed: true,
                                                   validatesUTF8: true, delimited: false, legacyJSON: false)

    /// The editions this library reads, oldest first.
    package static let supportedEditions: [Google_Protobuf_Edition] = [.edition2023, .edition2024]

    /// The defaults of `edition`, or `nil` for an edition this library does not know.
    package static func defaults(for edition: Google_Protobuf_Edition) -> ProtoFeatures? {
        switch edition {
        case .proto2, .legacy: .proto2
        case .proto3: .proto3
        case .edition2023, .edition2024: .edition2023
        default: nil
        }
    }

    /// These features with those `set` sets replacing them; unset or unknown values inherit.
    package func merging(_ set: Google_Protobuf_FeatureSet) -> ProtoFeatures {
        var out = self
        if set.hasFieldPresence {
            switch set.fieldPresence {
            case .explicit: out.presence = .explicit
            case .implicit: out.presence = .implicit
            case .legacyRequired: out.presence = .legacyRequired
            case .unknown: break
            }
        }
        if set.hasEnumType, set.enumType != .unknown { out.closedEnums = set.enumType == .closed }
        if set.hasRepeatedFieldEncoding, set.repeatedFieldEncoding != .unknown { out.packed = set.repeatedFieldEncoding == .packed }
        if set.hasUtf8Validation, set.utf8Validation != .unknown { out.validatesUTF8 = set.utf8Validation == .verify }
        if set.hasMessageEncoding, set.messageEncoding != .unknown { out.delimited = set.messageEncoding == .delimited }
        if set.hasJsonFormat, set.jsonFormat != .unknown { out.legacyJSON = set.jsonFormat == .legacyBestEffort }
        return out
    }
}
