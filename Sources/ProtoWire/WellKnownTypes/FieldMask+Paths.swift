// FieldMask+Paths.swift: building google.protobuf.FieldMask from paths.

extension Google_Protobuf_FieldMask {
    /// A mask of the given field paths (protobuf field names, `.`-separated for submessages).
    public init(paths: [String]) {
        self.init()
        self.paths = paths
    }

    /// A mask of the given field paths: `FieldMask(protoPaths: "user.name", "user.email")`.
    public init(protoPaths: String...) { self.init(paths: protoPaths) }
}
