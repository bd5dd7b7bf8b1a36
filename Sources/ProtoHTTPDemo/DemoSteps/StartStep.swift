// StartStep.swift: demo section 1: what the server serves and where (it was started on a free port).
import ProtoHTTPDemoService


/// Shows the running server: address, methods, the plain route, its own startup log line.
enum StartStep {
    static func run(_ demo: DemoContext) async {
        let out = demo.out
        out.section(1, "Start the server", [
            "NotesService implements the generated Notes_NotesHandler (Servers=true); one line registers it:",
        ])
        out.code([
            "var configuration = ServerConfiguration(port: 0)   // 0: any free port",
            "configuration.plainRoutes = [PlainRoute(\"/api/notes/list\", method: \"/notes.Notes/ListNotes\", encodings: [.json])]",
            "let notes = NotesService()",
            "let server = try ProtoHTTPServer(configuration: configuration, services: [notes, notes.feed])   // feed: notes.NoteFeed's streams",
            "try await server.start()",
        ])
        out.line()
        out.line("listening on  \(demo.server.baseURL)  (port \(demo.server.port ?? 0), picked by the kernel)")
        out.line("methods       \(demo.server.methodPaths.joined(separator: ", "))")
        out.line("plain route   POST \(DemoServer.listRoute.path) → \(DemoServer.listRoute.method), JSON bodies only")
        let started = demo.serverLog.all.first { $0.hasPrefix("serving ") }
        out.line("server log    \(started ?? "(no startup line)")")
        demo.checks.expect(demo.server.port.map { $0 > 0 } ?? false, "the server to report its bound port")
        demo.checks.expect(demo.server.methodPaths.count == 6, "six methods: CreateNote, GetNote, ListNotes, DeleteNote, WatchNotes, SyncNotes")
        demo.checks.expect(started != nil, "the server to log that it is serving")
    }
}
