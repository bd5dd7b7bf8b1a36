// PlainRoute.swift: a plain HTTP path bound to a method, optionally limited to some encodings.
public import ProtoHTTPCore


/// A plain POST endpoint at any path, answered by a registered method. Plain routes take binary
/// (`application/x-protobuf`, `application/octet-stream`, `application/protobuf`,
/// `application/proto`) and JSON bodies, answer in the request's encoding, and report errors as
/// an HTTP status with a JSON body `{"code", "message"}`.
///
/// ```swift
/// // A JSON-only legacy endpoint: binary bodies get 415 Unsupported Media Type.
/// PlainRoute("/api/v1/notes/list", method: "/acme.NotesService/ListNotes", encodings: [.json])
/// ```
public struct PlainRoute: Sendable, Hashable {
    /// The HTTP path, e.g. `/api/notes/create`.
    public var path: String
    /// The method path it runs, `/pkg.Service/Method`.
    public var method: String
    /// The body encodings the route accepts.
    public var encodings: Set<BodyEncoding>

    /// A route from `path` to `method` accepting `encodings` (both by default).
    public init(_ path: String, method: String, encodings: Set<BodyEncoding> = [.binary, .json]) {
        self.path = path
        self.method = method
        self.encodings = encodings
    }
}
