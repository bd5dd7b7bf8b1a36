// SwiftKeywords.swift: the Swift words and module names that generated identifiers must avoid.

/// Word lists used by ``Naming`` to escape or suffix identifiers, as swift-protobuf does.
enum SwiftKeywords {
    static let declarations: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import",
        "init", "inout", "internal", "let", "open", "operator", "private", "protocol", "public",
        "static", "struct", "subscript", "typealias", "var",
    ]
    static let statements: Set<String> = [
        "break", "case", "continue", "default", "defer", "do", "else", "fallthrough", "for",
        "guard", "if", "in", "repeat", "return", "switch", "where", "while",
    ]
    static let expressionsAndTypes: Set<String> = [
        "as", "Any", "catch", "false", "is", "nil", "rethrows", "super", "self", "Self", "throw",
        "throws", "true", "try",
    ]
    static let commonTypes: Set<String> = [
        "Bool", "Data", "Double", "Float", "Int", "Int32", "Int64", "String", "UInt", "UInt32", "UInt64",
    ]
    static let specialVariables: Set<String> = ["__COLUMN__", "__FILE__", "__FUNCTION__", "__LINE__"]

    /// Modules generated code names runtime types through (`ProtoWire.WireReader`,
    /// `ProtoHTTP.CallOptions`, `ProtoHTTPServer.Context`) or imports. Runtime types need no
    /// list: qualified, a user's type of the same name cannot shadow them. The module names
    /// themselves can: a type `ProtoWire` in the user's module would make `ProtoWire.X` look
    /// inside it. (`ProtoHTTPServer` is also a class in its module, so the server layer spells
    /// its types through that class's member aliases, ``ServerEmitter``.)
    static let moduleNames: Set<String> = [
        "ProtoWire", "ProtoHTTPCore", "ProtoHTTP", "ProtoHTTPServer", "Foundation", "FoundationEssentials",
    ]

    static let allKeywords = declarations.union(statements).union(expressionsAndTypes)

    /// Type names that get a `Message`/`Enum`/`Oneof` suffix.
    static let reservedTypeNames: Set<String> = allKeywords
        .union(commonTypes).union(specialVariables).union(moduleNames)
        .union([
            "Extensions", "protoMessageName", "isInitialized", "unknownFields", "debugDescription",
            "description", "dynamicType", "hashValue", "Type", "Protocol", "Swift", "Equatable",
            "Hashable", "Sendable", "Error",
        ])

    /// Field names that get an `_p` suffix.
    static let reservedFieldNames: Set<String> = commonTypes.union(specialVariables).union([
        "isInitialized", "unknownFields", "debugDescription", "description", "dynamicType",
        "hashValue", "init", "self", "Type", "Protocol", "serializedSize", "extensionFields",
    ])

    /// Enum case names that get backticks.
    static let quotableEnumCases: Set<String> = allKeywords.union([
        "associativity", "dynamicType", "optional", "required",
    ])

    /// Enum case names that get a `_` suffix even though backticks would parse.
    static let reservedEnumCases: Set<String> = [
        "allCases", "debugDescription", "description", "dynamicType", "hashValue", "init",
        "rawValue", "self", "UNRECOGNIZED",
    ]
}
