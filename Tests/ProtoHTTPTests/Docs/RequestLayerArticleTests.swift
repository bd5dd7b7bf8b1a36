// RequestLayerArticleTests.swift: the examples of the DocC article "The request layer", run as written against the notes server and the test server.
import Logging
import ProtoHTTPDemo
import ProtoHTTPTestSupport
import Synchronization
import Testing
@testable import ProtoHTTP
import ProtoHTTPCore
import ProtoHTTPDemoService

/// What the article's examples print.
private let printed = PrintedLines()
private func print(_ items: Any..., separator: String = " ") { printed.append(items, separator: separator) }

/// One spinner for a whole batch or chain (YTKNetwork's batch and chain accessories).
final class ScreenSpinner: GroupAccessory {
    let shown = Mutex(0)
    func willStart(_ group: CallGroupInfo) { shown.withLock { $0 += 1 } }
    func didStop(_ group: CallGroupInfo, error: ProtoHTTPError?) { shown.withLock { $0 -= 1 } }
}

@Suite("Article: the request layer", .serialized)
struct RequestLayerArticleTests {
    typealias GetNote = Notes_NotesMetadata.GetNote
    typealias ListNotes = Notes_NotesMetadata.ListNotes
    typealias CreateNote = Notes_NotesMetadata.CreateNote

    /// The demo's notes server (it starts empty), quiet.
    func notesServer() async throws -> DemoServer {
        let server = try DemoServer(logger: Logger(label: "article") { _ in SwiftLogNoOpLogHandler() }, accessLog: false)
        try await server.start()
        return server
    }

    /// Two notes on `manager`'s server, and a request for each.
    func twoNotes(_ manager: ProtoHTTPManager) async throws -> (Notes_GetNoteRequest, Notes_GetNoteRequest) {
        var draft = Notes_CreateNoteRequest()
        draft.title = "one"
        let one = try await manager.unary(CreateNote.self, draft)
        draft.title = "two"
        let two = try await manager.unary(CreateNote.self, draft)
        var first = Notes_GetNoteRequest(), second = Notes_GetNoteRequest()
        first.id = one.id
        second.id = two.id
        return (first, second)
    }

    @Test("every HTTP method: GET with parameters in the query; DELETE with finished")
    func everyMethod() async throws {
        printed.reset()
        let server = try await TestServer.start()
        defer { server.stop() }
        let manager = try ProtoHTTPManager(configuration: ManagerConfiguration(baseURL: server.url("")), transport: makeTransport())

        let page = try await manager.request(.get, "/v1/notes", input: ["tag": "home", "page": "2"],
                                             requestSerializer: .formURLEncoded, responseSerializer: .raw)
        print(page.metadata.status, page.output.count)             // GET /v1/notes?page=2&tag=home
        if let metrics = page.metadata.metrics {                  // curl's measurements: phases, bytes, reuse
            print(metrics.httpVersion, metrics.reusedConnection, metrics.bodyBytesReceived, metrics.firstByteTime <= metrics.totalTime)
        }
        manager.request(.delete, "/v1/notes/n1", input: [], requestSerializer: .raw, responseSerializer: .raw,
                        success: { _, meta in print(meta.status) }, failure: { print($0) },
                        finished: { result in print("done:", (try? result.get()) == nil ? "failed" : "ok") })

        #expect(page.metadata.headers.firstValue(.named("X-Echo-Query")) == "page=2&tag=home")
        #expect(await printed.waitFor(4) == ["200 0", "1.1 false 0 true", "200", "done: ok"])
    }

    @Test("a plain answer of another type is read as JSON")
    func jsonByAnotherName() async throws {
        printed.reset()
        let server = try await TestServer.start()
        defer { server.stop() }
        let manager = try ProtoHTTPManager(configuration: ManagerConfiguration(baseURL: server.url("")), transport: makeTransport())

        struct Draft: Codable { var title: String }
        let legacy = try await manager.request(.post, "/v1/notes?as=text/plain", input: Draft(title: "legacy"),
                                               requestSerializer: .json(), responseSerializer: .message(Notes_Note.self))
        print(legacy.output.title, legacy.metadata.contentType ?? "none")   // legacy text/plain

        #expect(printed.all == ["legacy text/plain"])
        let none = try await manager.request(.post, "/v1/notes?as=none", input: Draft(title: "bare"),
                                             requestSerializer: .json(), responseSerializer: .message(Notes_Note.self))
        #expect(none.output.title == "bare" && none.metadata.contentType == nil)
        let html = await Result { () async throws(ProtoHTTPError) in
            try await manager.request(.post, "/v1/notes?as=text/html", input: [UInt8]("<p>hi</p>".utf8), requestSerializer: .raw,
                                      responseSerializer: .message(Notes_Note.self))
        }
        #expect(protoError(html.mapError { $0 as any Error })?.message.contains(#""text/html", so ProtoHTTP read it as JSON"#) == true)
    }

    @Test("a JSON answer checked against its shape before decoding")
    func jsonShape() async throws {
        printed.reset()
        let server = try await TestServer.start()
        defer { server.stop() }
        let manager = try ProtoHTTPManager(configuration: ManagerConfiguration(baseURL: server.url("")), transport: makeTransport())
        struct Draft: Codable { var title: String }

        var checked = CallOptions()
        checked.validators = [.successStatus, .jsonShape(["title": .string, "tags": .optional([.string])])]
        let shaped = try await manager.request(.post, "/v1/notes", input: Draft(title: "shaped"),
                                               requestSerializer: .json(), responseSerializer: .message(Notes_Note.self), options: checked)
        checked.validators = [.jsonShape(["title": .integer])]
        do {
            _ = try await manager.request(.post, "/v1/notes", input: Draft(title: "shaped"),
                                          requestSerializer: .json(), responseSerializer: .message(Notes_Note.self), options: checked)
        } catch {
            print(error.message)   // the response's JSON does not have the expected shape: at $.title: expected an integer, found a string; …
        }

        #expect(shaped.output.title == "shaped")
        #expect(printed.all.count == 1 && printed.all[0].hasPrefix("the response's JSON does not have the expected shape: at $.title: expected an integer, found a string;"))
        #expect(manager.liveCallCount == 0)
    }

    @Test("cancel(id:onCancel:): the block runs after the call's failure, and only if the cancel ended it")
    func cancelWithFollowUp() async throws {
        printed.reset()
        let server = try await TestServer.start()
        defer { server.stop() }
        let manager = try ProtoHTTPManager(configuration: ManagerConfiguration(baseURL: server.url("")), transport: makeTransport())

        let slow = manager.request(.get, "/slow?ms=60000", input: [:], requestSerializer: .formURLEncoded, responseSerializer: .raw,
                                   success: { _, _ in print("answered") }, failure: { error in print(error.code) })
        let cancelled = manager.cancel(id: slow.id) { print("call \(slow.id) is cancelled") }

        #expect(cancelled)
        #expect(await printed.waitFor(2) == ["canceled", "call \(slow.id) is cancelled"])
        let again = manager.cancel(id: slow.id) { print("never") }
        #expect(!again, "no live call has that id any more")
        #expect(manager.liveCallCount == 0)
    }

    @Test("Connect GET for a method without side effects")
    func connectGet() async throws {
        let server = try await notesServer()
        var config = ManagerConfiguration(baseURL: server.baseURL)
        let (request, _) = try await twoNotes(ProtoHTTPManager(configuration: config, transport: makeTransport()))

        config.wireProtocol = .connect(httpGet: true, maxGetURLLength: 4096)
        let note = try await Notes_NotesClient(manager: ProtoHTTPManager(configuration: config)).getNote(request)

        #expect(note.title == "one")
        await server.shutdown()
    }

    @Test("batch and chain")
    func batchAndChain() async throws {
        printed.reset()
        let server = try await notesServer()
        let manager = try ProtoHTTPManager(configuration: ManagerConfiguration(baseURL: server.baseURL), transport: makeTransport())
        let (first, second) = try await twoNotes(manager)
        let all = Notes_ListNotesRequest()
        var draft = Notes_CreateNoteRequest()
        draft.title = "chained"
        var missing = Notes_GetNoteRequest()
        missing.id = "n404"

        let notes = try await manager.batch([.unary(GetNote.self, first), .unary(GetNote.self, second)],
                                            options: BatchOptions(maxConcurrent: 4))
        let results = await manager.batchResults([.unary(GetNote.self, first), .unary(GetNote.self, missing)],
                                                 options: BatchOptions(cancelsOnFirstFailure: false))
        print(results.map { (try? $0.get())?.title ?? "-" })      // ["one", "-"]
        let spinner = ScreenSpinner()
        manager.batch([.unary(ListNotes.self, all), .unary(GetNote.self, first)],   // mixed types: [any Sendable]
                      options: BatchOptions(cancelsOnFirstFailure: false), accessories: [spinner],
                      success: { outputs in print((outputs[0] as? Notes_ListNotesResponse)?.notes.count ?? -1) },
                      failure: { failed in print(failed.error, failed.results.count) },
                      finished: { results in print(results.count) })
        #expect(notes.map(\.title) == ["one", "two"])
        #expect(await printed.waitFor(3) == [#"["one", "-"]"#, "2", "2"])
        #expect(spinner.shown.withLock { $0 } == 0, "the spinner came and went with the batch")

        manager.chain(.unary(CreateNote.self, draft), next: { step, output in
            guard step == 0, let note = output as? Notes_Note else { return nil }
            var request = Notes_GetNoteRequest()
            request.id = note.id
            return .unary(GetNote.self, request)
        }, success: { outputs in print(outputs.count, outputs[1]) }, failure: { failed in print(failed.step, failed.error) })
        let lines = await printed.waitFor(4)
        #expect(lines.count == 4 && lines[3].hasPrefix("2 ") && lines[3].contains("title: \"chained\""))
        await server.shutdown()
    }

    @Test("retry with backoff, and a call that opts out")
    func retry() async throws {
        let server = try await notesServer()
        let baseURL = server.baseURL
        let all = Notes_ListNotesRequest()
        var draft = Notes_CreateNoteRequest()
        draft.title = "retried if need be"
        printed.reset()

        var config = ManagerConfiguration(baseURL: baseURL)
        config.retryPolicy = RetryPolicy(maxAttempts: 4, initialBackoff: .milliseconds(200), maxBackoff: .seconds(5), jitter: 0.2)
        let manager = try ProtoHTTPManager(configuration: config)
        let response = try await manager.unaryForResponse(ListNotes.self, all)   // retried while that is safe
        print(response.metadata.attempts)

        var options = CallOptions()
        options.retryPolicy = .never                                              // this call: one attempt
        let list = try await manager.unary(ListNotes.self, all, options: options)
        var create = CallOptions()
        create.retryPolicy = .always(attempts: 3)                                 // any call, a POST too (XM's retryCount)
        let note = try await manager.unary(CreateNote.self, draft, options: create)   // one Idempotency-Key on every attempt

        #expect(printed.all == ["1"] && list.notes.isEmpty)
        #expect(note.title == "retried if need be")
        await server.shutdown()
    }

    @Test("runtime configuration, opt-outs, filters and authentication compile and apply")
    func configuration() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        var config = ManagerConfiguration(baseURL: server.url(""))
        let token = "t1"
        let stored = "t0"
        let regionURL = server.url("")
        let cdnURL = server.url("")
        let refresh: @Sendable (@escaping @Sendable (Result<String, ProtoHTTPError>) -> Void) -> Void = { done in done(.success("t2")) }
        let manager = try ProtoHTTPManager(configuration: config, transport: makeTransport())

        manager.updateConfiguration { $0.setHeader("Bearer \(token)", for: .authorization) }   // calls started after it
        manager.updateConfiguration { $0.setParameter("2.3.0", forKey: "app_version"); $0.baseURL = regionURL }
        var options = CallOptions(baseURL: cdnURL)                               // YTK's CDN URL
        options.useGeneralHeaders = false                                        // also useGeneralParameters, useBaseURL
        config.urlFilters = [.appendingParameters(["os": "linux"])]             // YTK's URL filter
        config.parameterPlacement = .automatic                                  // XM: general parameters into JSON and form bodies
        config.cdnBaseURL = cdnURL                                               // XM's CDN server, for calls that ask:
        var fromCDN = CallOptions()
        fromCDN.useCDN = true                                                    // no secrets unless trustedOrigins lists it
        options.headers.append(.basicAuthorization(username: "ann", password: "s3cret"))
        config.interceptors = [TokenRefreshInterceptor(token: stored) { done in refresh { done($0) } }]
        config.userInfo = ["app": "notes"]     // XM's generalUserInfo: in every interceptor's info.context, under the call's own context

        #expect(config.context(of: CallOptions(context: ["id": "n1"])).keys.sorted() == ["app", "id"])
        let echoed = try await manager.request(.post, "/echo", input: [], requestSerializer: .raw, responseSerializer: .raw, options: options)
        #expect(echoed.metadata.headers.firstValue(.named("X-Echo-Query")) == "app_version=2.3.0")
        let filtered = try ProtoHTTPManager(configuration: config, transport: manager.transport)
        let viaFilter = try await filtered.request(.post, "/echo", input: [], requestSerializer: .raw, responseSerializer: .raw)
        #expect(viaFilter.metadata.headers.firstValue(.named("X-Echo-Query")) == "os=linux")
        let viaCDN = try await filtered.request(.post, "/echo", input: [], requestSerializer: .raw, responseSerializer: .raw, options: fromCDN)
        #expect(viaCDN.metadata.status == 200)
    }

    @Test("an accessory sees every call; a response processor turns a useless 200 into an error")
    func accessoriesAndProcessors() async throws {
        let server = try await notesServer()
        var config = ManagerConfiguration(baseURL: server.baseURL)

        /// Spins while any call of the manager runs.
        final class ActivityIndicator: CallAccessory {
            private let running = Mutex(0)
            var isSpinning: Bool { running.withLock { $0 > 0 } }
            func willStart(_ call: CallInfo) { running.withLock { $0 += 1 } }
            func didStop(_ call: CallInfo, error: ProtoHTTPError?) { running.withLock { $0 -= 1 } }
        }

        let indicator = ActivityIndicator()
        config.accessories = [indicator]                    // CallAccessory: willStart, willStop, didStop, for every call
        config.failureFilters = [ClosureFailureFilter { error, call in           // YTK's requestFailedFilter, before every failure
            error.code == .unauthenticated ? ProtoHTTPError(code: .unauthenticated, message: "please sign in again") : error
        }]
        var quiet = CallOptions()
        quiet.accessories = [ActivityIndicator()]           // this call's own, after the manager's; failureFilters too
        config.responseProcessors = [ClosureResponseProcessor { output, metadata, call throws(ProtoHTTPError) in
            if let note = output as? Notes_Note, note.tags.isEmpty {          // a 200 the app cannot use
                throw ProtoHTTPError(code: .failedPrecondition, message: "every note needs a tag; this one has none")
            }
            return output
        }]

        let manager = try ProtoHTTPManager(configuration: config, transport: makeTransport())
        let spinning = Mutex<Bool?>(nil)
        let outcome = Mutex<String?>(nil)
        var untagged = Notes_CreateNoteRequest()
        untagged.title = "no tags"
        manager.unary(CreateNote.self, untagged, options: quiet,
                      completion: { spinning.withLock { $0 = indicator.isSpinning } },
                      success: { _, _ in outcome.withLock { $0 = "ok" } },
                      failure: { error in outcome.withLock { $0 = "\(error.code): \(error.message)" } })
        #expect(await waitUntil { outcome.withLock { $0 } != nil && !indicator.isSpinning })
        #expect(spinning.withLock { $0 } == true)
        #expect(outcome.withLock { $0 } == "failed_precondition: every note needs a tag; this one has none")
        await server.shutdown()
    }
}
