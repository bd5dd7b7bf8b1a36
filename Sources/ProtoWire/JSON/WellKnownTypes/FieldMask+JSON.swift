// FieldMask+JSON.swift: google.protobuf.FieldMask as comma-joined lowerCamelCase paths in JSON.

extension Google_Protobuf_FieldMask {
    /// `"user.displayName,photo"`. A path that would not read back as itself (upper-case
    /// letters, or `_` not followed by a lower-case letter) cannot be written.
    public func _protoWriteJSON(_ w: inout JSONWriter) throws(WireError) {
        var camel: [String] = []
        camel.reserveCapacity(paths.count)
        for path in paths {
            guard let c = Google_Protobuf_FieldMask.camelCase(path) else {
                throw WireError(.notRepresentableInJSON, offset: nil,
                                "the FieldMask path '\(path)' cannot round-trip through JSON: paths must be snake_case with '_' only before lower-case letters")
            }
            camel.append(c)
        }
        w.writeString(camel.joined(separator: ","))
    }

    /// Reads comma-separated lowerCamelCase paths, converting them to snake_case.
    public mutating func _protoMergeJSON(_ r: inout JSONReader) throws(WireError) {
        let at = r.pointer
        let text = try r.readString()
        if text.isEmpty { return }
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard !part.contains("_") else {
                throw r.error(.invalidJSONValue, at: at, "the FieldMask path '\(part)' holds '_'; JSON paths are lowerCamelCase")
            }
            var snake = ""
            for c in part {
                if c.isUppercase {
                    snake += "_" + c.lowercased()
                } else {
                    snake.append(c)
                }
            }
            paths.append(snake)
        }
    }

    /// `snake_case` → `snakeCase`, or `nil` when that would not read back as `path`.
    static func camelCase(_ path: String) -> String? {
        var out = ""
        var afterUnderscore = false
        for c in path {
            if c.isUppercase { return nil }
            if afterUnderscore {
                guard c.isLowercase else { return nil }
                out += c.uppercased()
                afterUnderscore = false
            } else if c == "_" {
                afterUnderscore = true
            } else {
                out.append(c)
            }
        }
        return afterUnderscore ? nil : out
    }
}
