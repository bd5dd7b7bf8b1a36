// Exports.swift: the shared vocabulary comes with the client, so `import ProtoHTTP` is enough.

// ProtoHTTPError, MediaType, RPCMethod and the rest of ProtoHTTPCore were declared in this module
// before the core existed; re-exporting keeps user code compiling unchanged. The core re-exports
// swift-http-types in turn, so HTTPFields and HTTPField.Name come with `import ProtoHTTP` too.
@_exported import ProtoHTTPCore
