// Exports.swift: swift-http-types comes with the core, so `import ProtoHTTP` or `import ProtoHTTPServer` gives HTTPFields.

// Headers in the public API of client and server are swift-http-types' `HTTPFields` (ordered,
// repeated fields kept, names compared case-insensitively through `HTTPField.Name`); users
// write `HTTPFields`, `HTTPField.Name` and `.contentType` without importing HTTPTypes.
@_exported import HTTPTypes
