// ParameterPlacement.swift: where a manager's general parameters go: the URL query, the body, or each by the call's method and body.
public import HTTPTypes

/// Where ``ManagerConfiguration/parameters`` go in a call (XMNetworking merges them into POST
/// and PUT bodies; ICNetworking adds common body parameters).
///
/// ```swift
/// config.parameters = ["app_version": "2.3.0", "device": "linux"]
/// config.parameterPlacement = .automatic                              // GET → query, JSON/form POST → body
/// config.parameterPlacement = .automatic(protobufHeader: .named("X-Params"))   // protobuf bodies: a header
/// ```
///
/// Merged into a body, a parameter never replaces a member or field of the same name the body
/// already has: the call's own input wins. A call's own ``CallOptions/parameters`` always go
/// in the query, and ``CallOptions/useGeneralParameters`` still leaves the general ones out.
/// The general parameters go only to trusted origins, wherever they are placed.
public struct ParameterPlacement: Sendable, Hashable {
    /// What a placement decides.
    enum Rule: Sendable, Hashable {
        case query, body, automatic
    }

    let rule: Rule
    /// Under ``automatic(protobufHeader:)``: the header a protobuf (or other non-form,
    /// non-JSON) body's parameters go in, form-encoded; `nil` puts them in the query.
    public let protobufHeader: HTTPField.Name?

    /// In the URL's query, for every call (the default).
    public static let query = ParameterPlacement(rule: .query, protobufHeader: nil)
    /// Merged into form (`application/x-www-form-urlencoded`), JSON-object and multipart
    /// bodies; a call without such a body (GET, a protobuf body) gets them in the query.
    public static let body = ParameterPlacement(rule: .body, protobufHeader: nil)
    /// By the call: GET, HEAD and DELETE in the query; form, JSON and multipart bodies merged;
    /// any other body (binary protobuf) in the query.
    public static let automatic = ParameterPlacement(rule: .automatic, protobufHeader: nil)

    /// As ``automatic``, with a protobuf (or other) body's parameters in `protobufHeader`,
    /// form-encoded (`a=1&b=2`), instead of the query.
    public static func automatic(protobufHeader: HTTPField.Name) -> ParameterPlacement {
        ParameterPlacement(rule: .automatic, protobufHeader: protobufHeader)
    }
}
