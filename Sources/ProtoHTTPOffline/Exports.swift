// Exports.swift: what importing ProtoHTTPOffline brings along (the client it plugs into).
@_exported import ProtoHTTP
