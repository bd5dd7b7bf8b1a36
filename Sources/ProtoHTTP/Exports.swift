// Exports.swift: the shared vocabulary comes with the client, so `import ProtoHTTP` is enough.

// ProtoHTTPError, HTTPHeader, MediaType, RPCMethod and the rest of ProtoHTTPCore were declared
// in this module before the core existed; re-exporting keeps user code compiling unchanged.
@_exported import ProtoHTTPCore
