// HeaderArgument.swift: `-H 'Name: value'` parsed into an HTTP header field, the name checked as an HTTPField.Name.
import ProtoHTTPCore
import HTTPTypes

/// Parses one `-H` argument, `Name: value` (curl's form): the name must be an `HTTPField.Name`
/// (an RFC 9110 token), the value is trimmed and may be empty; line breaks are refused.
enum HeaderArgument {
    static func parse(_ argument: String) throws(CLIError) -> HTTPField {
        guard let colon = argument.firstIndex(of: ":") else {
            throw CLIError(.usage, "the header \"\(argument)\" has no colon; write -H 'Name: value'.")
        }
        let text = String(argument[..<colon])
        let value = argument[argument.index(after: colon)...].trimmedOfBlanks()
        let name: HTTPField.Name
        do throws(ProtoHTTPError) {
            name = try HTTPField.Name(validating: text)
        } catch {
            throw CLIError(.usage, "the header name \"\(text)\" is not a valid HTTP header name (letters, digits and !#$%&'*+-.^_`|~, no spaces); write -H 'Name: value'.")
        }
        guard !value.contains(where: { $0 == "\r" || $0 == "\n" }) else {
            throw CLIError(.usage, "the value of the header \(text) contains a line break, which HTTP headers cannot carry.")
        }
        return HTTPField(name: name, value: value)
    }

    /// Every `-H` argument, in order (a repeated name is sent repeated).
    static func parse(_ arguments: [String]) throws(CLIError) -> HTTPFields {
        var fields = HTTPFields()
        for argument in arguments { fields.append(try parse(argument)) }
        return fields
    }
}

private extension Substring {
    /// Without leading and trailing spaces and tabs.
    func trimmedOfBlanks() -> String {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        return String(drop(while: blank).reversed().drop(while: blank).reversed())
    }
}
