// URLFilter.swift: rewrites every call's URL (YTKNetwork's YTKUrlFilterProtocol), e.g. to append an app version.

/// Rewrites the URL of every call, after the base URL, route and parameters are applied, as
/// YTKNetwork's `YTKUrlFilterProtocol` does. Filters run in order, each on the last one's URL.
///
/// ```swift
/// config.urlFilters = [.appendingParameters(["app_version": "2.3.0"])]
/// config.urlFilters.append(ClosureURLFilter { url, info in url.replacingOccurrences(of: "http:", with: "https:") })
/// ```
public protocol URLFilter: Sendable {
    /// The URL to use instead of `url` for the call `info` describes.
    func filter(_ url: String, info: CallInfo) -> String
}

extension URLFilter where Self == ParameterURLFilter {
    /// Appends these query parameters to every URL (keys sorted, values escaped).
    public static func appendingParameters(_ parameters: [String: String]) -> ParameterURLFilter { ParameterURLFilter(parameters) }
}

/// Appends fixed query parameters to every URL.
public struct ParameterURLFilter: URLFilter {
    /// The parameters to append.
    public var parameters: [String: String]

    /// A filter appending `parameters`.
    public init(_ parameters: [String: String]) { self.parameters = parameters }

    /// `url` with `&key=value` (or `?key=value`) appended.
    public func filter(_ url: String, info: CallInfo) -> String {
        guard !parameters.isEmpty else { return url }
        return url + (url.utf8.contains(UInt8(ascii: "?")) ? "&" : "?") + FormURLEncodedRequestSerializer.encode(parameters)
    }
}

/// A URL filter made from a closure.
public struct ClosureURLFilter: URLFilter {
    private let body: @Sendable (String, CallInfo) -> String

    /// A filter running `body`.
    public init(_ body: @escaping @Sendable (String, CallInfo) -> String) { self.body = body }

    /// `body(url, info)`.
    public func filter(_ url: String, info: CallInfo) -> String { body(url, info) }
}
