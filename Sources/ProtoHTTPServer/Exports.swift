// Exports.swift: the shared vocabulary comes with the server, so handlers need only `import ProtoHTTPServer`.

// Handlers throw ProtoHTTPError from ProtoHTTPCore and read HTTPFields (swift-http-types, which
// the core re-exports); re-exporting it spares every server file an extra import.
@_exported import ProtoHTTPCore
