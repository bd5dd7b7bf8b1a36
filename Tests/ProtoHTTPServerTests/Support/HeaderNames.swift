// HeaderNames.swift: `HTTPField.Name.named(_:)`, for the header names these tests spell as text.
import ProtoHTTPCore
import Testing
import HTTPTypes

extension HTTPField.Name {
    /// The header name `text`, a literal in a test (`.named("X-Echo-Query")`). A literal that is
    /// no valid name records an issue at the caller, never a crash, and stands in as
    /// `X-Invalid-Test-Name`.
    static func named(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> HTTPField.Name {
        if let name = HTTPField.Name(text) { return name }
        Issue.record("\"\(text)\" is not a valid header name", sourceLocation: sourceLocation)
        return HTTPField.Name("X-Invalid-Test-Name")!
    }
}
