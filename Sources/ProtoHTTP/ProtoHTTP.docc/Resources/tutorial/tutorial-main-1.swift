import ProtoHTTP

// The server to call: the first argument, or the demo server on port 8080.
let baseURL = CommandLine.arguments.dropFirst().first ?? "http://127.0.0.1:8080"
let manager = try ProtoHTTPManager(configuration: ManagerConfiguration(baseURL: baseURL))
let notes = Notes_NotesClient(manager: manager)
