// FeatureResolution.swift: resolving editions features scope by scope, from a file's edition down to a field.

extension ProtoFeatures {
    /// The features of `file`: proto2's or proto3's rules for those syntaxes; for
    /// `syntax = "editions"`, its edition's defaults with the file's `features` option.
    /// Fails for an edition this library does not know (newer than 2024, or none).
    package static func file(_ file: Google_Protobuf_FileDescriptorProto) throws(DescriptorError) -> ProtoFeatures {
        switch file.syntax {
        case "", "proto2": return .proto2
        case "proto3": return .proto3
        case "editions":
            guard let defaults = defaults(for: file.edition), supportedEditions.contains(file.edition) else {
                throw DescriptorError(.unsupportedEdition, "\(file.name): \(editionName(file)) is not supported; "
                                      + "ProtoHTTP reads editions 2023 and 2024 (and proto2 and proto3); "
                                      + "write `edition = \"2024\";` or an older edition")
            }
            return defaults.merging(file.options.features)
        default:
            throw DescriptorError(.unsupportedEdition, "\(file.name): unknown syntax '\(file.syntax)'; "
                                  + "ProtoHTTP reads proto2, proto3 and editions 2023 and 2024")
        }
    }

    /// The features of a message declared in a scope with these features.
    package func message(_ message: Google_Protobuf_DescriptorProto) -> ProtoFeatures {
        merging(message.options.features)
    }

    /// The features of an enum declared in a scope with these features.
    package func enumeration(_ enumeration: Google_Protobuf_EnumDescriptorProto) -> ProtoFeatures {
        merging(enumeration.options.features)
    }

    /// The features of a oneof of a message with these features.
    package func oneof(_ oneof: Google_Protobuf_OneofDescriptorProto) -> ProtoFeatures {
        merging(oneof.options.features)
    }

    /// The features of `field`, declared in a scope with these features: its message, its
    /// oneof's features for a oneof member, or the `extend` block's scope for an extension.
    /// The old syntax's per-field spellings count as the features they stand for: `required`
    /// (`LEGACY_REQUIRED`), `group` (`DELIMITED`), `[packed = …]`, proto3 `optional` (`EXPLICIT`).
    package func field(_ field: Google_Protobuf_FieldDescriptorProto) -> ProtoFeatures {
        var out = merging(field.options.features)
        if field.label == .required { out.presence = .legacyRequired }
        if field.type == .group { out.delimited = true }
        if field.options.hasPacked { out.packed = field.options.packed }
        if field.proto3Optional { out.presence = .explicit }
        return out
    }

    /// Whether a field with these (resolved) features tracks presence: explicit presence,
    /// required, a oneof member, or a message (which always has it).
    package func hasPresence(inOneof: Bool, isMessage: Bool) -> Bool {
        presence != .implicit || inOneof || isMessage
    }

    private static func editionName(_ file: Google_Protobuf_FileDescriptorProto) -> String {
        guard file.hasEdition, file.edition != .unknown else {
            // A number descriptor.proto does not name is kept among the unknown fields.
            return file.unknownFields.isEmpty ? "an editions file without an edition" : "an edition newer than any ProtoHTTP knows"
        }
        let name = Google_Protobuf_Edition._protoNames.name(of: file.edition.rawValue) ?? String(file.edition.rawValue)
        return name.hasPrefix("EDITION_") ? "edition \(name.dropFirst(8))" : "edition \(name)"
    }
}
