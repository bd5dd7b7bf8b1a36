// ModuleMappings.swift: which Swift module holds the generated code of which `.proto` files.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Maps `.proto` files and protobuf packages to the Swift modules that hold their generated
/// code, so that a generated file that uses their types gets the right `import`.
///
/// Given with `ModuleMappings=<path>`. The file holds one mapping per line; `#` starts a comment:
///
/// ```
/// # <proto file or package>   <Swift module>
/// acme/common/money.proto      AcmeCommon     a file, named as protoc names it (relative to its -I root)
/// acme.billing                 AcmeBilling    a package: every file whose `package` is exactly this
/// acme.billing.*               AcmeBilling    that package and every package below it
/// ```
///
/// swift-protobuf's `ProtoPathModuleMappings` text format (`mapping { module_name: "M"
/// proto_file_path: "a.proto" }`) is accepted too, so existing mapping files can be reused.
/// A file mapping wins over a package mapping; an exact package wins over a `.*` prefix, and a
/// longer prefix over a shorter one.
struct ModuleMappings {
    private var files: [String: String] = [:]
    private var packages: [String: String] = [:]
    private var packagePrefixes: [(prefix: String, module: String)] = []

    /// No mappings: every file not generated here is in the same module (or, for the bundled
    /// well-known types, in ProtoWire).
    init() {}

    /// Parses mapping text; `source` names it in error messages.
    init(text: String, source: String) throws(GeneratorError) {
        if text.contains("{") {
            try parseTextProto(text, source: source)
            return
        }
        for (i, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
            if words.isEmpty { continue }
            guard words.count == 2 else {
                throw GeneratorError("\(source):\(i + 1): expected '<proto file or package> <Swift module>', found '\(line.trimmingSpaces)'")
            }
            try add(words[0], module: words[1], source: "\(source):\(i + 1)")
        }
    }

    /// Reads and parses the mapping file at `path`.
    static func load(path: String) throws(GeneratorError) -> ModuleMappings {
        guard let text = readTextFile(path) else {
            throw GeneratorError("cannot read the module mappings file '\(path)' (ModuleMappings option); check the path, relative to where protoc runs")
        }
        return try ModuleMappings(text: text, source: path)
    }

    /// The module that holds `file`'s generated code, or `nil` when no mapping names it.
    func module(forFile file: String, package: String) -> String? {
        if let m = files[file] { return m }
        if let m = packages[package] { return m }
        var best: (prefix: String, module: String)?
        for entry in packagePrefixes where package == entry.prefix || package.hasPrefix(entry.prefix + ".") {
            if best == nil || entry.prefix.count > (best?.prefix.count ?? 0) { best = entry }
        }
        return best?.module
    }

    /// Adds `other`'s mappings (from another `ModuleMappings` option); conflicts are errors.
    mutating func merge(_ other: ModuleMappings, source: String) throws(GeneratorError) {
        for (file, module) in other.files.sorted(by: { $0.key < $1.key }) { try add(file, module: module, source: source) }
        for (package, module) in other.packages.sorted(by: { $0.key < $1.key }) { try add(package, module: module, source: source) }
        for entry in other.packagePrefixes { try add(entry.prefix + ".*", module: entry.module, source: source) }
    }

    /// Whether there are no mappings at all.
    var isEmpty: Bool { files.isEmpty && packages.isEmpty && packagePrefixes.isEmpty }

    private mutating func add(_ key: String, module: String, source: String) throws(GeneratorError) {
        guard Self.isSwiftIdentifier(module) else {
            throw GeneratorError("\(source): '\(module)' is not a Swift module name")
        }
        func set(_ table: inout [String: String], _ k: String) throws(GeneratorError) {
            if let other = table[k], other != module {
                throw GeneratorError("\(source): '\(k)' is mapped to both \(other) and \(module)")
            }
            table[k] = module
        }
        if key.hasSuffix(".proto") {
            try set(&files, key)
        } else if key.hasSuffix(".*") {
            let prefix = String(key.dropLast(2))
            if let other = packagePrefixes.first(where: { $0.prefix == prefix }), other.module != module {
                throw GeneratorError("\(source): '\(key)' is mapped to both \(other.module) and \(module)")
            }
            packagePrefixes.append((prefix, module))
        } else {
            try set(&packages, key)
        }
    }

    /// swift-protobuf's format: `mapping { module_name: "M" proto_file_path: "a.proto" ... }`.
    private mutating func parseTextProto(_ text: String, source: String) throws(GeneratorError) {
        var tokens: [String] = []
        var chars = Array(text)[...]
        while let c = chars.first {
            if c == "#" {
                while let d = chars.first, d != "\n" { chars.removeFirst() }
            } else if c == "\"" || c == "'" {
                chars.removeFirst()
                var s = ""
                while let d = chars.first, d != c { s.append(d); chars.removeFirst() }
                guard !chars.isEmpty else { throw GeneratorError("\(source): unterminated string") }
                chars.removeFirst()
                tokens.append("\"" + s)
            } else if c == "{" || c == "}" || c == ":" {
                tokens.append(String(c))
                chars.removeFirst()
            } else if c.isWhitespace {
                chars.removeFirst()
            } else {
                var s = ""
                while let d = chars.first, !d.isWhitespace, !"{}:\"'#".contains(d) { s.append(d); chars.removeFirst() }
                tokens.append(s)
            }
        }
        var i = 0
        func next() -> String? { defer { i += 1 }; return i < tokens.count ? tokens[i] : nil }
        while let word = next() {
            guard word == "mapping" else { throw GeneratorError("\(source): expected 'mapping {', found '\(word)'") }
            if tokens.indices.contains(i), tokens[i] == ":" { i += 1 }
            guard next() == "{" else { throw GeneratorError("\(source): expected '{' after 'mapping'") }
            var module: String?
            var paths: [String] = []
            while let key = next(), key != "}" {
                guard next() == ":", let value = next(), value.hasPrefix("\"") else {
                    throw GeneratorError("\(source): expected '\(key): \"...\"' inside mapping")
                }
                switch key {
                case "module_name": module = String(value.dropFirst())
                case "proto_file_path": paths.append(String(value.dropFirst()))
                default: throw GeneratorError("\(source): unknown mapping field '\(key)'; use module_name and proto_file_path")
                }
            }
            guard let module else { throw GeneratorError("\(source): a mapping lacks module_name") }
            for path in paths { try add(path, module: module, source: source) }
        }
    }

    /// Whether `s` can name a Swift module (an ASCII identifier).
    static func isSwiftIdentifier(_ s: String) -> Bool {
        guard let first = s.first, first == "_" || (first.isASCII && first.isLetter) else { return false }
        return s.allSatisfy { $0 == "_" || ($0.isASCII && ($0.isLetter || $0.isNumber)) }
    }
}

/// The contents of a UTF-8 text file, or `nil` when it cannot be read.
private func readTextFile(_ path: String) -> String? {
    guard let file = fopen(path, "rb") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
        let n = buffer.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
        if n > 0 { bytes.append(contentsOf: buffer[0..<n]) }
        if n < buffer.count { break }
    }
    if ferror(file) != 0 { return nil }
    return String(decoding: bytes, as: UTF8.self)
}
