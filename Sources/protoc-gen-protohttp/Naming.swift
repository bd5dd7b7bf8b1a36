// Naming.swift: swift-protobuf's naming rules (type prefixes, camel case, escaping).

/// Turns protobuf identifiers into Swift identifiers the way swift-protobuf does, so users can
/// migrate: `foo.bar_baz` → `Foo_BarBaz_`, `f_int32` → `fInt32`, `COLOR_RED` in `Color` → `red`.
enum Naming {
    /// The prefix for top-level types of a file: the `swift_prefix` option if set, else the
    /// package with each component upper-camel-cased, joined and ended by `_`.
    static func typePrefix(package: String, swiftPrefix: String?) -> String {
        if let swiftPrefix { return swiftPrefix }
        if package.isEmpty { return "" }
        var prefix = ""
        var makeUpper = true
        for c in package {
            if c == "_" {
                makeUpper = true
            } else if c == "." {
                makeUpper = true
                prefix.append("_")
            } else {
                if prefix.isEmpty && c.isASCIIDigit { prefix.append("_") }
                prefix.append(makeUpper ? Character(c.uppercased()) : c)
                makeUpper = false
            }
        }
        return prefix + "_"
    }

    /// `foo_bar_baz` → `fooBarBaz`; `url_path` → `urlPath`; `base_url` → `baseURL`.
    static func lowerCamelCase(_ s: String) -> String { camelCase(s, initialUpper: false) }

    /// `foo_bar_baz` → `FooBarBaz`; `id` → `ID`.
    static func upperCamelCase(_ s: String) -> String { camelCase(s, initialUpper: true) }

    private static let abbreviations: Set<String> = ["url", "http", "https", "id"]

    private enum CharClass { case digit, lower, upper, underscore, other, start }

    private static func charClass(_ c: Character) -> CharClass {
        switch c {
        case "0"..."9": return .digit
        case "a"..."z": return .lower
        case "A"..."Z": return .upper
        case "_": return .underscore
        default: return .other
        }
    }

    /// swift-protobuf's CamelCaser: segments split on underscores, case changes and digits.
    private static func camelCase(_ s: String, initialUpper: Bool) -> String {
        var result = ""
        var current = ""
        var last = CharClass.start

        func flush() {
            guard !current.isEmpty else { return }
            if result.isEmpty && !initialUpper {
                result += current
            } else if abbreviations.contains(current) {
                result += current.uppercased()
            } else {
                result += current.prefix(1).uppercased() + current.dropFirst()
            }
            current = ""
        }

        for c in s {
            let cls = charClass(c)
            switch cls {
            case .digit:
                if last != .digit { flush() }
                if result.isEmpty { result += "_" }
                current.append(c)
            case .upper:
                if last != .upper { flush() }
                current += c.lowercased()
            case .lower:
                if last != .lower && last != .upper { flush() }
                current.append(c)
            case .underscore:
                flush()
                if last == .underscore { result += "_" }
            case .other, .start:
                flush()
                result += "_u\(c.unicodeScalars.first?.value ?? 0)"
            }
            last = cls
        }
        flush()
        if last == .underscore { result += "_" }
        return result
    }

    static func isAllUnderscore(_ s: String) -> Bool { !s.isEmpty && s.allSatisfy { $0 == "_" } }

    /// A type name, with `disambiguator` appended if it is reserved (`Type` → `TypeEnum`).
    static func sanitizeTypeName(_ s: String, disambiguator: String) -> String {
        if SwiftKeywords.reservedTypeNames.contains(s) || isAllUnderscore(s) {
            return s + disambiguator
        }
        if s.hasSuffix(disambiguator) && s.count > disambiguator.count {
            return sanitizeTypeName(String(s.dropLast(disambiguator.count)), disambiguator: disambiguator) + disambiguator
        }
        return s
    }

    /// A property name derived from `base` (the lower-camel field name): reserved names get
    /// `_p`, keywords get backticks when `s == base`.
    static func sanitizeFieldName(_ s: String, basedOn base: String) -> String {
        if base.hasPrefix("clear") && isUppercase(base, at: 5) { return s + "_p" }
        if base.hasPrefix("has") && isUppercase(base, at: 3) { return s + "_p" }
        if SwiftKeywords.reservedFieldNames.contains(base) { return s + "_p" }
        if base == s && SwiftKeywords.allKeywords.contains(base) { return "`\(s)`" }
        if isAllUnderscore(base) { return s + "__" }
        return s
    }

    /// An enum case name: reserved words get `_`, keywords get backticks.
    static func sanitizeEnumCase(_ s: String) -> String {
        if SwiftKeywords.reservedEnumCases.contains(s) { return s + "_" }
        if SwiftKeywords.quotableEnumCases.contains(s) { return "`\(s)`" }
        if isAllUnderscore(s) { return s + "__" }
        return s
    }

    /// Removes backticks added by the sanitizers, for use after a `.` or inside other names.
    static func trimBackticks(_ s: String) -> String {
        s.hasPrefix("`") && s.hasSuffix("`") && s.count >= 2 ? String(s.dropFirst().dropLast()) : s
    }

    private static func isUppercase(_ s: String, at index: Int) -> Bool {
        let chars = Array(s)
        return index < chars.count && chars[index].isASCII && chars[index].isUppercase
    }

    /// Strips an enum's name from the front of a value name, ignoring case and underscores
    /// (`Color` + `COLOR_RED` → `RED`); `nil` when it does not match or would leave nothing or
    /// a leading digit.
    static func stripEnumPrefix(_ prefix: String, from name: String) -> String? {
        let p = Array(prefix.lowercased().filter { $0 != "_" })
        let f = Array(name.lowercased())
        var pi = 0
        var fi = 0
        while pi < p.count {
            if fi == f.count { return nil }
            if f[fi] == "_" {
                fi += 1
                continue
            }
            if p[pi] != f[fi] { return nil }
            pi += 1
            fi += 1
        }
        while fi < f.count && f[fi] == "_" { fi += 1 }
        if fi == f.count { return nil }
        guard f[fi].isASCII && f[fi].isLetter else { return nil }
        return String(Array(name)[fi...])
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
