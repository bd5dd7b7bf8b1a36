// ProtocDiagnostics.swift: protoc's messages rewritten as `<absolute path>:<line>:<col>: error: …` lines that SwiftPM and editors can follow.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Rewrites what protoc prints on standard error into the compiler-diagnostic form that SwiftPM,
/// editors and CI log readers recognise:
///
/// ```
/// protoc says                                         rewritten
/// ─────────────────────────────────────────────────   ───────────────────────────────────────────────────────
/// greet/v1/greet.proto:4:24: "strin" is not defined.  /abs/Protos/greet/v1/greet.proto:4:24: error: "strin" is not defined.
/// greet.proto:3:1: warning: Import x.proto is unused. /abs/Protos/greet.proto:3:1: warning: Import x.proto is unused.
/// missing.proto: File not found.                      /abs/Protos/missing.proto: error: File not found.
/// --protohttp_out: Plugin failed with status code 1.  error: protoc: --protohttp_out: Plugin failed with status code 1.
/// ```
///
/// protoc names a file by its path under the `-I` root it was found in (the name `import` lines
/// use); the rewrite looks for the file under each root in order, as protoc does, and makes the
/// path absolute. A name found under no root is made absolute against the working directory.
/// Lines that already carry a severity are kept as they are.
package struct ProtocDiagnostics: Sendable {
    /// protoc's `-I` roots, absolute, in the order protoc searches them.
    package let importRoots: [String]
    /// The directory relative paths are resolved against (protoc's working directory).
    package let workingDirectory: String
    /// Whether a file exists at an absolute path (injectable for tests).
    package let fileExists: @Sendable (String) -> Bool

    /// Rewrites for roots given explicitly.
    package init(importRoots: [String], workingDirectory: String,
                 fileExists: @escaping @Sendable (String) -> Bool = ProtocDiagnostics.regularFileExists) {
        self.workingDirectory = workingDirectory
        self.importRoots = importRoots.map { ProtocDiagnostics.absolute($0, in: workingDirectory) }
        self.fileExists = fileExists
    }

    /// Rewrites for a protoc run with `arguments` (its `-I DIR`, `-IDIR`, `--proto_path=DIR` and
    /// `--proto_path DIR` options), started in `workingDirectory` (default: this process's).
    package init(protocArguments arguments: [String], workingDirectory: String? = nil,
                 fileExists: @escaping @Sendable (String) -> Bool = ProtocDiagnostics.regularFileExists) {
        var roots: [String] = []
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            if argument == "-I" || argument == "--proto_path" {
                if index + 1 < arguments.endIndex { roots.append(arguments[index + 1]) }
                index += 2
                continue
            }
            if argument.hasPrefix("--proto_path=") {
                roots.append(String(argument.dropFirst("--proto_path=".count)))
            } else if argument.hasPrefix("-I") {
                roots.append(String(argument.dropFirst(2)))
            }
            index += 1
        }
        self.init(importRoots: roots.isEmpty ? ["."] : roots,
                  workingDirectory: workingDirectory ?? ProtocDiagnostics.currentDirectory(), fileExists: fileExists)
    }

    /// Every line of protoc's standard error rewritten; `failed` (protoc's exit status was not 0)
    /// decides the severity of lines that name no file.
    package func rewrite(_ text: String, failed: Bool) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: true)
            .map { rewrite(line: String($0), failed: failed) }
            .joined(separator: "\n")
    }

    /// One line rewritten (see the type's table).
    package func rewrite(line: String, failed: Bool) -> String {
        if let located = Located(parsing: line) {
            let (severity, message) = Self.severity(of: located.message)
            return "\(path(of: located.file))\(located.position): \(severity): \(message)"
        }
        if line.hasPrefix("error:") || line.hasPrefix("warning:") || line.hasPrefix("note:") { return line }
        return "\(failed ? "error" : "warning"): protoc: \(line)"
    }

    /// The absolute path of the file protoc calls `name`: under the first `-I` root holding it,
    /// else against the working directory.
    package func path(of name: String) -> String {
        if name.hasPrefix("/") { return Self.normalized(name) }
        for root in importRoots {
            let candidate = Self.normalized(root + "/" + name)
            if fileExists(candidate) { return candidate }
        }
        return Self.absolute(name, in: workingDirectory)
    }

    /// The severity a message states (`warning: …`, `error: …`), `error` when it states none,
    /// and the message without it.
    static func severity(of message: Substring) -> (String, Substring) {
        for severity in ["warning", "error"] where message.hasPrefix(severity + ": ") {
            return (severity, message.dropFirst(severity.count + 2))
        }
        return ("error", message)
    }

    /// A line `<file>.proto:<line>:<col>: <message>` or `<file>.proto: <message>`.
    struct Located {
        let file: String
        /// `:<line>:<col>`, or empty for a message about the whole file.
        let position: String
        let message: Substring

        init?(parsing line: String) {
            guard let end = line.firstRange(of: ".proto:") else { return nil }
            file = String(line[..<end.lowerBound]) + ".proto"
            let rest = line[end.upperBound...]
            if rest.hasPrefix(" ") {
                position = ""
                message = rest.dropFirst()
                return
            }
            let parts = rest.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            guard parts.count == 3, let lineNumber = Int(parts[0]), let column = Int(parts[1]), parts[2].hasPrefix(" ") else {
                return nil
            }
            position = ":\(lineNumber):\(column)"
            message = parts[2].dropFirst()
        }
    }

    /// Whether a regular file exists at `path`.
    package static func regularFileExists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// This process's working directory (`/` if it cannot be read).
    static func currentDirectory() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return "/" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `path` made absolute against `directory`, normalized.
    static func absolute(_ path: String, in directory: String) -> String {
        normalized(path.hasPrefix("/") ? path : directory + "/" + path)
    }

    /// An absolute path without `.` and `..` components or doubled slashes.
    static func normalized(_ path: String) -> String {
        var components: [Substring] = []
        for component in path.split(separator: "/") {
            switch component {
            case ".": continue
            case "..": if !components.isEmpty { components.removeLast() }
            default: components.append(component)
            }
        }
        return "/" + components.joined(separator: "/")
    }
}
