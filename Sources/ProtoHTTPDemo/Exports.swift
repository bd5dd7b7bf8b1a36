// Exports.swift: the demo's messages and server come with the demo, so `import ProtoHTTPDemo` is enough.

// The notes.Notes messages, NotesService and DemoServer live in ProtoHTTPDemoService (the
// server side, which links no client); the tour and the protohttp command use both sides.
@_exported import ProtoHTTPDemoService
