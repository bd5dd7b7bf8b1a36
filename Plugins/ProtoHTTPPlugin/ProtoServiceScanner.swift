// ProtoServiceScanner.swift: whether a .proto file's text declares a `service`, without parsing it.

/// Tells the plugins which `.proto` files get `<base>.client.pb.swift` / `<base>.server.pb.swift`.
///
/// A build-tool plugin must declare every output before protoc runs, and the generator writes
/// layer files only for `.proto` files that declare a service. Instead of parsing protobuf, the
/// scanner looks for the token sequence `service <name> {` in the text with comments (`//`,
/// `/* */`) and string literals (`"…"`, `'…'`) removed. That sequence cannot be anything but a
/// service declaration: a field whose type is a message named `service` reads
/// `service name = 1;`, and option names sit in parentheses. Plain Swift, no Foundation, so
/// the generator tests compile this file too (through a symlink) and check it.
enum ProtoServiceScanner {
    /// Whether `text`, the contents of a `.proto` file, declares at least one service.
    static func declaresService(_ text: String) -> Bool {
        let tokens = self.tokens(text)
        guard tokens.count >= 3 else { return false }
        for i in 0..<(tokens.count - 2) where tokens[i] == "service" && tokens[i + 2] == "{" {
            if let first = tokens[i + 1].unicodeScalars.first, isIdentifierStart(first) { return true }
        }
        return false
    }

    /// Identifiers (letters, digits, `_`, `.`) and single punctuation characters, with
    /// whitespace, comments and string literals dropped.
    static func tokens(_ text: String) -> [String] {
        let scalars = Array(text.unicodeScalars)
        var tokens: [String] = []
        var i = 0
        func at(_ k: Int) -> Unicode.Scalar? { k < scalars.count ? scalars[k] : nil }
        while i < scalars.count {
            let c = scalars[i]
            if c == "/" && at(i + 1) == "/" {
                while i < scalars.count && scalars[i] != "\n" { i += 1 }
            } else if c == "/" && at(i + 1) == "*" {
                i += 2
                while i < scalars.count && !(scalars[i] == "*" && at(i + 1) == "/") { i += 1 }
                i += 2
            } else if c == "\"" || c == "'" {
                i += 1
                while i < scalars.count && scalars[i] != c && scalars[i] != "\n" {
                    i += scalars[i] == "\\" ? 2 : 1
                }
                i += 1
            } else if isIdentifierStart(c) || isDigit(c) {
                var word = String.UnicodeScalarView()
                while let s = at(i), isIdentifierStart(s) || isDigit(s) || s == "." {
                    word.append(s)
                    i += 1
                }
                tokens.append(String(word))
            } else {
                if !isSpace(c) { tokens.append(String(c)) }
                i += 1
            }
        }
        return tokens
    }

    private static func isIdentifierStart(_ s: Unicode.Scalar) -> Bool {
        (s >= "a" && s <= "z") || (s >= "A" && s <= "Z") || s == "_"
    }

    private static func isDigit(_ s: Unicode.Scalar) -> Bool { s >= "0" && s <= "9" }

    private static func isSpace(_ s: Unicode.Scalar) -> Bool { s == " " || s == "\t" || s == "\n" || s == "\r" || s == "\u{0B}" || s == "\u{0C}" }
}
