// ErrorModelArticleTests.swift: the example of ProtoHTTPCore's article "The error model", run as written against the demo's notes server.
import Logging
import ProtoHTTPDemo
import ProtoHTTPTestSupport
import Synchronization
import Testing
@testable import ProtoHTTP
import ProtoHTTPCore
import ProtoHTTPDemoService

@Suite("Article: the error model")
struct ErrorModelArticleTests {
    @Test("a failed call's code picks what the app does")
    func switchOnCode() async throws {
        let server = try DemoServer(logger: Logger(label: "article") { _ in SwiftLogNoOpLogHandler() }, accessLog: false)
        try await server.start()
        let client = Notes_NotesClient(manager: try ProtoHTTPManager(configuration: ManagerConfiguration(baseURL: server.baseURL), transport: makeTransport()))
        let seen = Mutex<[String]>([])
        func show(_ note: Notes_Note) { seen.withLock { $0.append("show \(note.id)") } }
        func showMissing() { seen.withLock { $0.append("missing") } }
        func retryLater() { seen.withLock { $0.append("retry later") } }
        func print(_ error: ProtoHTTPError) { seen.withLock { $0.append("\(error)") } }
        var request = Notes_GetNoteRequest()
        request.id = "n4"

        do {
            let note = try await client.getNote(request)
            show(note)
        } catch {   // ProtoHTTPError: the async forms throw nothing else
            switch error.code {
            case .notFound: showMissing()
            case .unavailable, .deadlineExceeded: retryLater()
            default: print(error)   // "not_found: no note has the id "n4" (HTTP 404) [details: notes.GetNoteRequest]"
            }
        }

        #expect(seen.withLock { $0 } == ["missing"])
        await server.shutdown()
    }
}
