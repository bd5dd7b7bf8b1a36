// HeaderArgument.swift: `-H 'Name: value'` parsed into an HTTP header, with the name checked as an HTTP token.
import ProtoHTTPCore

/// Parses one `-H` argument, `Name: value` (curl's form): the name is an HTTP token, the
/// value is trimmed and may be empty; line breaks are refused.
enum HeaderArgument {
    static func parse(_ argument: String) throws(CLIError) -> HTTPHeader {
        guard let colon = argument.firstIndex(of: ":") else {
            throw CLIError(.usage, "the header \"\(argument)\" has no colon; write -H 'Name: value'.")
        }
        let name = String(argument[..<colon])
        let value = argument[argument.index(after: colon)...].trimmedOfBlanks()
        let token = "!#$%&'*+-.^_`|~"
        guard !name.isEmpty, name.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || token.unicodeScalars.contains($0)) }) else {
            throw CLIError(.usage, "the header name \"\(name)\" is not a valid HTTP header name (letters, digits and !#$%&'*+-.^_`|~, no spaces); write -H 'Name: value'.")
        }
        guard !value.contains(where: { $0 == "\r" || $0 == "\n" }) else {
            throw CLIError(.usage, "the value of the header \(name) contains a line break, which HTTP headers cannot carry.")
        }
        return HTTPHeader(name: name, value: String(value))
    }
}

private extension Substring {
    /// Without leading and trailing spaces and tabs.
    func trimmedOfBlanks() -> String {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        return String(drop(while: blank).reversed().drop(while: blank).reversed())
    }
}
