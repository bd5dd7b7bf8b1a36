// RequestData.swift: `-d` as given: inline JSON, @file, or @- for standard input.
import Foundation

/// The request JSON named by `-d`: the text itself, `@path` for a file's contents, `@-` for
/// standard input; no `-d` is the empty message `{}` (as buf curl sends).
enum RequestData {
    /// The JSON text `argument` stands for.
    static func read(_ argument: String?) throws(CLIError) -> [UInt8] {
        guard let argument else { return Array("{}".utf8) }
        guard argument.hasPrefix("@") else { return Array(argument.utf8) }
        let path = String(argument.dropFirst())
        if path == "-" {
            return [UInt8](FileHandle.standardInput.readDataToEndOfFile())
        }
        guard !path.isEmpty else { throw CLIError(.usage, "-d @ needs a file name (-d @request.json), or - for standard input (-d @-).") }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CLIError(.usage, "cannot read the request file \(path) (-d @\(path)): \(FileManager.default.fileExists(atPath: path) ? "permission denied or not a file" : "no such file").")
        }
        return [UInt8](data)
    }
}
