// Exports.swift: the shared vocabulary comes with the server, so handlers need only `import ProtoHTTPServer`.

// Handlers throw ProtoHTTPError and read HTTPHeader values from ProtoHTTPCore; re-exporting it
// spares every server file an extra import.
@_exported import ProtoHTTPCore
