// ReadmeRequestLayerTests.swift: the README's "The request layer" examples, compiled and run against the notes server and the test server.
import Logging
import ProtoHTTPDemo
import ProtoHTTPTestSupport
import Synchronization
import Testing
@testable import ProtoHTTP

@Suite("README: the request layer", .serialized)
struct ReadmeRequestLayerTests {
    typealias GetNote = Notes_NotesMetadata.GetNote
    typealias ListNotes = Notes_NotesMetadata.ListNotes
    typealias CreateNote = Notes_NotesMetadata.CreateNote

    /// The demo's notes server (seeded with n1, n2, …), quiet.
    func notesServer() async throws -> DemoServer {
        let server = try DemoServer(logger: Logger(label: "readme") { _ in SwiftLogNoOpLogHandler() }, accessLog: false)
        try await server.start()
        return server
    }

    @Test("every HTTP method: GET with parameters in the query; DELETE with finished")
    func everyMethod() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let manager = try ProtoHTTPManager(configuration: ManagerConfiguration(baseURL: server.url("")), transport: makeTransport())
        let events = Mutex<[String]>([])
        // As in the README, with the test server's /echo for the REST paths.
        let page = try await manager.request(.get, "/echo", input: ["tag": "home", "page": "2"],
                                             requestSerializer: .formURLEncoded, responseSerializer: .raw)
        #expect(page.metadata.status == 200 && page.metadata.headers.firstValue(.named("X-Echo-Query")) == "page=2&tag=home")
        manager.request(.delete, "/echo", input: [], requestSerializer: .raw, responseSerializer: .raw,
                        success: { _, meta in events.withLock { $0.append("\(meta.status)") } }, failure: { error in events.withLock { $0.append("\(error)") } },
                        finished: { events.withLock { $0.append("done, either way") } })
        #expect(await waitUntil { events.withLock { $0 } == ["200", "done, either way"] })
    }

    @Test("Connect GET, batch, chain and retry against the notes server")
    func againstNotes() async throws {
        let server = try await notesServer()
        var config = ManagerConfiguration(baseURL: server.baseURL)
        config.wireProtocol = .connect(httpGet: true, maxGetURLLength: 4096)
        let manager = try ProtoHTTPManager(configuration: config, transport: makeTransport())
        // Two notes to read (the server starts empty).
        var draft1 = Notes_CreateNoteRequest()
        draft1.title = "one"
        let one = try await manager.unary(CreateNote.self, draft1)
        let two = try await manager.unary(CreateNote.self, draft1)
        let request = get(one.id)
        let note = try await Notes_NotesClient(manager: manager).getNote(request)
        #expect(note.id == one.id)

        let first = get(one.id)
        let second = get(two.id)
        let all = Notes_ListNotesRequest()
        let notes = try await manager.batch([.unary(GetNote.self, first), .unary(GetNote.self, second)],
                                            options: BatchOptions(maxConcurrent: 4))
        #expect(notes.map(\.id) == [one.id, two.id])
        let mixed = Mutex<[String]>([])
        manager.batch([.unary(ListNotes.self, all), .unary(GetNote.self, first)],
                      options: BatchOptions(cancelsOnFirstFailure: false),
                      success: { outputs in mixed.withLock { $0.append("\(outputs[0] is Notes_ListNotesResponse) \((outputs[1] as? Notes_Note)?.id ?? "?")") } },
                      failure: { error in mixed.withLock { $0.append("\(error)") } },
                      finished: { results in mixed.withLock { $0.append("\(results.count)") } })
        #expect(await waitUntil { mixed.withLock { $0 } == ["true \(one.id)", "2"] })

        let draft = { var draft = Notes_CreateNoteRequest(); draft.title = "from the README"; return draft }()
        let chained = Mutex<[String]>([])
        manager.chain(.unary(CreateNote.self, draft), next: { step, output in
            guard step == 0, let note = output as? Notes_Note else { return nil }
            return .unary(GetNote.self, get(note.id))
        }, success: { last in chained.withLock { $0.append((last as? Notes_Note)?.title ?? "?") } },
           failure: { step, error in chained.withLock { $0.append("\(step) \(error)") } })
        #expect(await waitUntil { chained.withLock { $0 } == ["from the README"] })

        var retrying = config
        retrying.retryPolicy = RetryPolicy(maxAttempts: 4, initialBackoff: .milliseconds(200), maxBackoff: .seconds(5), jitter: 0.2)
        var options = CallOptions()
        options.retryPolicy = .never
        let retryManager = try ProtoHTTPManager(configuration: retrying, transport: manager.transport)
        let response = try await retryManager.unaryForResponse(ListNotes.self, all)
        #expect(response.metadata.attempts == 1 && !response.output.notes.isEmpty)
        _ = try await retryManager.unary(ListNotes.self, all, options: options)
        await server.shutdown()
    }

    @Test("runtime configuration, opt-outs, filters and authentication compile and apply")
    func configurationExamples() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        var config = ManagerConfiguration(baseURL: server.url(""))
        let token = "t1"
        let stored = "t0"
        let refresh: @Sendable (@escaping @Sendable (Result<String, ProtoHTTPError>) -> Void) -> Void = { done in done(.success("t2")) }
        let manager = try ProtoHTTPManager(configuration: config, transport: makeTransport())
        manager.updateConfiguration { $0.setHeader("Bearer \(token)", for: .authorization) }
        manager.updateConfiguration { $0.setParameter("2.3.0", forKey: "app_version"); $0.baseURL = server.url("") }
        var options = CallOptions(baseURL: server.url(""))
        options.useGeneralHeaders = false
        config.urlFilters = [.appendingParameters(["os": "linux"])]
        options.headers.append(.basicAuthorization(username: "ann", password: "s3cret"))
        config.interceptors = [TokenRefreshInterceptor(token: stored) { done in refresh { done($0) } }]
        config.userInfo = ["app": "notes"]
        #expect(config.context(of: CallOptions(context: ["id": "n1"])).keys.sorted() == ["app", "id"])
        let echoed = try await manager.request(.post, "/echo", input: [], requestSerializer: .raw, responseSerializer: .raw, options: options)
        #expect(echoed.metadata.headers.firstValue(.named("X-Echo-Query")) == "app_version=2.3.0")
        let filtered = try ProtoHTTPManager(configuration: config, transport: manager.transport)
        let viaFilter = try await filtered.request(.post, "/echo", input: [], requestSerializer: .raw, responseSerializer: .raw)
        #expect(viaFilter.metadata.headers.firstValue(.named("X-Echo-Query")) == "os=linux")
    }
}

/// A GetNoteRequest for `id`.
private func get(_ id: String) -> Notes_GetNoteRequest {
    var request = Notes_GetNoteRequest()
    request.id = id
    return request
}
