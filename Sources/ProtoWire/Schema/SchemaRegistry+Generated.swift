// SchemaRegistry+Generated.swift: registries built from generated types, extension registries and the well-known types.

extension SchemaRegistry {
    /// The schemas of the well-known types ProtoWire ships (`Any`, `Duration`, `Timestamp`,
    /// `Struct`, `Value`, `ListValue`, `FieldMask`, `Empty` and the wrappers).
    /// ``message(named:)`` finds them in every registry, as ``TypeRegistry`` does.
    public static let wellKnownTypes: [MessageSchema] =
        TypeRegistry.wellKnown.values.map { $0._protoSchema }.sorted { $0.fullName < $1.fullName }

    /// The well-known types by full name.
    static let wellKnownByName: [String: MessageSchema] =
        Dictionary(uniqueKeysWithValues: wellKnownTypes.map { ($0.fullName, $0) })

    /// Creates a registry of the schemas of generated `types` and the extensions of `extensions`.
    ///
    /// ```swift
    /// let registry = SchemaRegistry(types: [Pkg_Point.self], extensions: Pkg_File_Extensions)
    /// ```
    public init(types: [any ProtoMessage.Type], extensions: ExtensionRegistry = ExtensionRegistry()) {
        self.init(messages: types.map { $0._protoSchema }, extensions: extensions.fieldSchemas)
    }

    /// Creates a registry of the schemas of the types in `types` (the well-known types are
    /// known anyway) and the extensions of `extensions`: the schema-side twin of the
    /// registries generated messages decode with.
    public init(_ types: TypeRegistry, extensions: ExtensionRegistry = ExtensionRegistry()) {
        self.init(types: Array(types.byName.values), extensions: extensions)
    }
}
