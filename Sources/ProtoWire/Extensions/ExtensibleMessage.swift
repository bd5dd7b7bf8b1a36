// ExtensibleMessage.swift: messages with `extensions` ranges and their typed extension accessors.

/// A message that declares `extensions` ranges, and so can carry extension fields.
///
/// Generated code conforms every such message and stores an ``ExtensionFieldSet``. Read and
/// write extensions through a declaration (``MessageExtension``), swift-protobuf style:
///
/// ```swift
/// var base = Pkg_Base()
/// base[extension: Pkg_Extensions_weight] = 3          // or setExtensionValue(ext:value:)
/// base.hasExtension(Pkg_Extensions_weight)            // true
/// base[extension: Pkg_Extensions_tags].append("x")    // repeated extensions mutate in place
/// base.clearExtensionValue(Pkg_Extensions_weight)
///
/// // Decoding: registered extensions decode typed, others stay in unknownFields byte-exact.
/// let back = try Pkg_Base(serializedBytes: bytes, extensions: Pkg_MyFile_Extensions)
/// ```
///
/// Generated code also adds a property per extension to the extended message, named after
/// the extension's scope (`base.Pkg_weight`, `base.hasPkg_weight`, `base.clearPkg_weight()`).
public protocol ExtensibleMessage: ProtoMessage {
    /// The extension fields present in this message.
    var extensionFields: ExtensionFieldSet { get set }
}

extension ExtensibleMessage {
    /// The extension's value, or its default (``MessageExtension/defaultValue``) when absent.
    /// Setting stores the value; setting an empty array removes a repeated extension.
    public subscript<F: ExtensionFieldType>(extension ext: MessageExtension<F, Self>) -> F.Value {
        get { extensionFields.value(F.self, fieldNumber: ext.fieldNumber) ?? ext.defaultValue }
        set { extensionFields.put(F.self, newValue, fieldNumber: ext.fieldNumber, fieldName: ext.fieldName) }
        _modify {
            var value = extensionFields.take(F.self, fieldNumber: ext.fieldNumber) ?? ext.defaultValue
            defer { extensionFields.put(F.self, value, fieldNumber: ext.fieldNumber, fieldName: ext.fieldName) }
            yield &value
        }
    }

    /// Whether the extension is present (a repeated one: whether it has elements).
    public func hasExtension<F: ExtensionFieldType>(_ ext: MessageExtension<F, Self>) -> Bool {
        extensionFields.value(F.self, fieldNumber: ext.fieldNumber) != nil
    }

    /// swift-protobuf's name for ``hasExtension(_:)``.
    public func hasExtensionValue<F: ExtensionFieldType>(_ ext: MessageExtension<F, Self>) -> Bool {
        hasExtension(ext)
    }

    /// The extension's value, or `nil` when absent (no default is applied).
    public func getExtensionValue<F: ExtensionFieldType>(ext: MessageExtension<F, Self>) -> F.Value? {
        extensionFields.value(F.self, fieldNumber: ext.fieldNumber)
    }

    /// Stores the extension's value; an empty array removes a repeated extension.
    public mutating func setExtensionValue<F: ExtensionFieldType>(ext: MessageExtension<F, Self>, value: F.Value) {
        extensionFields.put(F.self, value, fieldNumber: ext.fieldNumber, fieldName: ext.fieldName)
    }

    /// Removes the extension.
    public mutating func clearExtensionValue<F: ExtensionFieldType>(_ ext: MessageExtension<F, Self>) {
        extensionFields.remove(fieldNumber: ext.fieldNumber)
    }
}
