// DispatcherTests.swift: Dispatcher.handle in process, no sockets: routing, methods, content types, bodies, errors, deadlines.
import Foundation
import Logging
import ProtoHTTPDemo
@testable import ProtoHTTPServer
import ProtoHTTPTestSupport
import ProtoWire
import Synchronization
import Testing
import HTTPTypes
import ProtoHTTPCore
import ProtoHTTPDemoService

extension ServerTests {
    @Suite("Dispatcher in process")
    struct DispatcherTests {
        /// One request and what its answer must be.
        struct Case: Sendable, CustomTestStringConvertible {
            var name: String
            var method = "POST"
            var uri: String
            var headers: HTTPFields
            var body: [UInt8] = []
            var status: Int
            /// The RPC code the access log records; `nil` for success.
            var code: ProtoHTTPError.Code?
            /// The code as the error body spells it (Twirp's own names where it has them).
            var wireCode: String?
            var responseHeaders: HTTPFields = [:]
            var bodyContains: String?

            var testDescription: String { name }
        }

        static let connectProto = HTTPFields([HTTPField(name: .contentType, value: "application/proto"), HTTPField(name: .connectProtocolVersion, value: "1")])
        static let connectJSON = HTTPFields([HTTPField(name: .contentType, value: "application/json"), HTTPField(name: .connectProtocolVersion, value: "1")])
        static let twirpJSON = HTTPFields([HTTPField(name: .contentType, value: "application/json")])
        static let jsonOnlyRoute = PlainRoute("/api/notes/list", method: "/notes.Notes/ListNotes", encodings: [.json])

        static var cases: [Case] {
            var create = Notes_CreateNoteRequest()
            create.title = "groceries"
            let createBytes = create.serializedBytes()
            return [
                Case(name: "Connect binary: the route is found and the handler answers", uri: "/notes.Notes/CreateNote",
                     headers: connectProto, body: createBytes, status: 200,
                     responseHeaders: HTTPFields([HTTPField(name: .contentType, value: "application/proto")])),
                Case(name: "Connect JSON, a query string ignored by routing", uri: "/notes.Notes/ListNotes?page=2",
                     headers: connectJSON, body: Array("{}".utf8), status: 200,
                     responseHeaders: HTTPFields([HTTPField(name: .contentType, value: "application/json")])),
                Case(name: "plain binary on the Connect path answers in the type it was sent", uri: "/notes.Notes/ListNotes",
                     headers: [.contentType: "application/octet-stream"], status: 200,
                     responseHeaders: HTTPFields([HTTPField(name: .contentType, value: "application/octet-stream")])),
                Case(name: "no route: Connect 404 unimplemented", uri: "/notes.Notes/Nope", headers: connectProto,
                     status: 404, code: .unimplemented, wireCode: "unimplemented", bodyContains: "no method at /notes.Notes/Nope"),
                Case(name: "no route under /twirp: 404 bad_route", uri: "/twirp/notes.Notes/Nope", headers: twirpJSON,
                     status: 404, code: .unimplemented, wireCode: "bad_route"),
                Case(name: "GET on a Connect path of a method with side effects: 405 with Allow: POST", method: "GET", uri: "/notes.Notes/CreateNote", headers: connectProto,
                     status: 405, code: .unimplemented, wireCode: "unimplemented",
                     responseHeaders: HTTPFields([HTTPField(name: .allow, value: "POST")]), bodyContains: "GET is not supported"),
                Case(name: "PUT on a plain route: 405 with Allow: POST", method: "PUT", uri: "/api/notes/list", headers: twirpJSON,
                     status: 405, code: .unimplemented, wireCode: "unimplemented", responseHeaders: HTTPFields([HTTPField(name: .allow, value: "POST")])),
                Case(name: "GET on a Twirp path: Twirp's 404 bad_route, with Allow: POST", method: "GET", uri: "/twirp/notes.Notes/ListNotes",
                     headers: twirpJSON, status: 404, code: .unimplemented, wireCode: "bad_route",
                     responseHeaders: HTTPFields([HTTPField(name: .allow, value: "POST")])),
                Case(name: "text/plain on a Connect path: 415 with Accept-Post", uri: "/notes.Notes/ListNotes",
                     headers: [.contentType: "text/plain"], status: 415, code: .unimplemented, wireCode: "unimplemented",
                     responseHeaders: HTTPFields([HTTPField(name: .acceptPost, value: "application/proto, application/json")])),
                Case(name: "binary on a JSON-only plain route: 415 naming JSON", uri: "/api/notes/list",
                     headers: [.contentType: "application/x-protobuf"], status: 415, code: .unimplemented,
                     wireCode: "unimplemented", responseHeaders: HTTPFields([HTTPField(name: .acceptPost, value: "application/json")])),
                Case(name: "Connect, a body that is not the message: 400 invalid_argument", uri: "/notes.Notes/CreateNote",
                     headers: connectProto, body: Array(createBytes.dropLast(3)), status: 400, code: .invalidArgument, wireCode: "invalid_argument",
                     bodyContains: "not a valid notes.CreateNoteRequest in binary protobuf"),
                Case(name: "Twirp, bad JSON: 400 malformed", uri: "/twirp/notes.Notes/CreateNote", headers: twirpJSON,
                     body: Array(#"{"title": "#.utf8), status: 400, code: .invalidArgument, wireCode: "malformed"),
                Case(name: "handler's ProtoHTTPError: its code, message and meta", uri: "/test.Faults/Refuse", headers: connectJSON,
                     body: Array(#""permission_denied""#.utf8), status: 403, code: .permissionDenied, wireCode: "permission_denied",
                     bodyContains: "asked to fail"),
                Case(name: "handler's own error: 500 internal, its text kept out", uri: "/test.Faults/Crash", headers: connectJSON,
                     body: Array("{}".utf8), status: 500, code: .internal, wireCode: "internal", bodyContains: "the server's log has the cause"),
                Case(name: "a response with no JSON form: internal", uri: "/test.Faults/BadTimestamp", headers: connectJSON,
                     body: Array("{}".utf8), status: 500, code: .internal, wireCode: "internal"),
                Case(name: "Connect-Protocol-Version 2: invalid_argument", uri: "/notes.Notes/ListNotes",
                     headers: [.contentType: "application/proto", .connectProtocolVersion: "2"],
                     status: 400, code: .invalidArgument, wireCode: "invalid_argument"),
                Case(name: "a Connect-Timeout-Ms that is not a number: invalid_argument", uri: "/notes.Notes/ListNotes",
                     headers: connectProto + HTTPFields([HTTPField(name: .connectTimeout, value: "soon")]),
                     status: 400, code: .invalidArgument, wireCode: "invalid_argument", bodyContains: "is not a timeout"),
                Case(name: "Content-Encoding br: unimplemented with Accept-Encoding", uri: "/notes.Notes/ListNotes",
                     headers: connectProto + HTTPFields([HTTPField(name: .contentEncoding, value: "br")]), status: 501, code: .unimplemented,
                     wireCode: "unimplemented", responseHeaders: HTTPFields([HTTPField(name: .acceptEncoding, value: "gzip, identity")])),
            ]
        }

        /// A dispatcher for notes.Notes and test.Faults, plus ``jsonOnlyRoute``.
        static func dispatcher(faults: FaultsService = FaultsService()) throws -> Dispatcher {
            let router = try Router(services: [NotesStore().definition, faults.definition], plainRoutes: [jsonOnlyRoute], twirpPrefix: "/twirp")
            var logger = Logger(label: "DispatcherTests")
            logger.logLevel = .critical
            return Dispatcher(router: router, logger: logger, maxRequestBodySize: 1 << 20)
        }

        /// Every answer `handle` gave, with when it came; and when `handle` returned.
        struct Answered {
            var answers: [(response: RPCResponse, outcome: RPCOutcome, at: ContinuousClock.Instant)]
            var returned: ContinuousClock.Instant
        }

        static func handle(_ dispatcher: Dispatcher, _ request: RPCRequest) async -> Answered {
            // `answer` may run on another thread (a deadline's timer), so the list is locked.
            let answers = Mutex<[(response: RPCResponse, outcome: RPCOutcome, at: ContinuousClock.Instant)]>([])
            await dispatcher.handle(request) { response, outcome in answers.withLock { $0.append((response, outcome, .now)) } }
            return Answered(answers: answers.withLock { $0 }, returned: .now)
        }

        @Test("each request gets exactly one answer with the right status, code and headers", arguments: cases)
        func table(_ testCase: Case) async throws {
            let request = RPCRequest(method: HTTPMethod(rawValue: testCase.method), uri: testCase.uri, headers: testCase.headers, body: testCase.body)
            let answered = await Self.handle(try Self.dispatcher(), request)
            try #require(answered.answers.count == 1, "answers: \(answered.answers.count)")
            let (response, outcome, _) = answered.answers[0]
            let text = String(decoding: response.body, as: UTF8.self)
            #expect(response.status == testCase.status, "\(text)")
            #expect(outcome.code == testCase.code)
            if let wireCode = testCase.wireCode {
                #expect(response.headers.firstValue(.contentType) == "application/json")
                #expect(text.hasPrefix(#"{"code":"\#(wireCode)","#), "\(text)")
            }
            for header in testCase.responseHeaders {
                #expect(response.headers.firstValue(header.name) == header.value, "\(header.name)")
            }
            if let bodyContains = testCase.bodyContains {
                #expect(text.contains(bodyContains), "\(text)")
            }
            #expect(!text.contains(FaultsService.secret))
        }

        @Test("the answer to a successful call decodes to the handler's message")
        func successBody() async throws {
            var create = Notes_CreateNoteRequest()
            create.title = "groceries"
            let request = RPCRequest(method: "POST", uri: "/notes.Notes/CreateNote", headers: Self.connectProto, body: create.serializedBytes())
            let answered = await Self.handle(try Self.dispatcher(), request)
            let response = try #require(answered.answers.first?.response)
            let note = try Notes_Note(serializedBytes: response.body)
            #expect(note.title == "groceries" && !note.id.isEmpty)
            #expect(answered.answers.first?.outcome.wireProtocol == .connect && answered.answers.first?.outcome.encoding == .binary)
        }

        @Test("the handler's context: the typed HTTP method (POST, or GET for a Connect GET) and headers looked up in any letter case")
        func contextMethodAndHeaders() async throws {
            var see = MethodDefinition.unary("/test.Context/See", Google_Protobuf_Empty.self, Google_Protobuf_StringValue.self) { _, context in
                let method: HTTPMethod = context.httpMethod  // typed, not a String
                var seen = Google_Protobuf_StringValue()
                seen.value = "\(method) \(context.method) \(context.header(.named("X-Trace")) ?? "-") "
                    + context.requestHeaders[values: .named("X-MULTI")].joined(separator: ",")
                return seen
            }
            see.idempotencyLevel = .noSideEffects
            let router = try Router(services: [ServiceDefinition(name: "test.Context", methods: [see])], plainRoutes: [], twirpPrefix: "/twirp")
            var logger = Logger(label: "DispatcherTests")
            logger.logLevel = .critical
            let dispatcher = Dispatcher(router: router, logger: logger, maxRequestBodySize: 1 << 20)
            func answer(_ request: RPCRequest) async throws -> String {
                let answered = await Self.handle(dispatcher, request)
                let response = try #require(answered.answers.first?.response)
                #expect(response.status == 200, "\(String(decoding: response.body, as: UTF8.self))")
                return try Google_Protobuf_StringValue(jsonUTF8Bytes: response.body).value
            }
            let headers = try HTTPFields(validating: ["x-trace": "t1", "X-Multi": "a", "content-type": "application/json",
                                                      "CONNECT-PROTOCOL-VERSION": "1", "x-multi": "b"])
            let post = RPCRequest(method: .post, uri: "/test.Context/See", headers: headers, body: Array("{}".utf8))
            #expect(try await answer(post) == "POST /test.Context/See t1 a,b")
            let get = RPCRequest(method: .get, uri: "/test.Context/See?connect=v1&encoding=json&message=%7B%7D", headers: [:], body: [])
            #expect(try await answer(get) == "GET /test.Context/See - ")
        }

        // A hang guard: the handler holds for an hour, so only the deadline can end it.
        @Test("a passed deadline answers deadline_exceeded on time, and the handler sees Task.isCancelled", .timeLimit(.minutes(hangGuardMinutes)))
        func deadline() async throws {
            let faults = FaultsService()
            let request = RPCRequest(method: "POST", uri: "/test.Faults/Hold",
                                     headers: Self.connectProto + HTTPFields([HTTPField(name: .connectTimeout, value: "50")]),
                                     body: Google_Protobuf_Int32Value.ms(3_600_000).serializedBytes())
            let started = ContinuousClock.now
            let answered = await Self.handle(try Self.dispatcher(faults: faults), request)
            let answer = try #require(answered.answers.first)
            #expect(answered.answers.count == 1)
            #expect(answer.response.status == 504 && answer.outcome.code == .deadlineExceeded)
            #expect(answer.at - started >= .milliseconds(50), "not before the deadline: \(answer.at - started)")
            #expect(faults.events == ["hold started", "hold saw cancellation"])
        }

        @Test("a handler that ignores cancellation: the answer comes at the deadline; handle returns when the handler does", .timeLimit(.minutes(hangGuardMinutes)))
        func stubbornDeadline() async throws {
            let faults = FaultsService()
            // Stubborn runs until the test releases it, whatever the deadline says.
            let request = RPCRequest(method: "POST", uri: "/test.Faults/Stubborn",
                                     headers: Self.connectProto + HTTPFields([HTTPField(name: .connectTimeout, value: "50")]),
                                     body: Google_Protobuf_Int32Value.ms(-1).serializedBytes())
            let dispatcher = try Self.dispatcher(faults: faults)
            let answers = Mutex<[(code: ProtoHTTPError.Code?, events: [String])]>([])
            let returned = Mutex(false)
            let task = Task {
                await dispatcher.handle(request) { _, outcome in answers.withLock { $0.append((outcome.code, faults.events)) } }
                returned.withLock { $0 = true }
            }
            #expect(await waitUntil { answers.withLock { !$0.isEmpty } }, "the deadline answers")
            let answer = try #require(answers.withLock { $0.first })
            #expect(answer.code == .deadlineExceeded)
            #expect(answer.events == ["stubborn started"], "answered while the handler still ran")
            #expect(!returned.withLock { $0 }, "handle waits for the handler")
            faults.release()
            await task.value
            #expect(answers.withLock { $0.count } == 1)
            #expect(faults.events == ["stubborn started", "stubborn finished"])
        }

        // A hang guard: Slow waits for a release that never comes, so only the cancel can end it.
        @Test("cancelling the request's task answers canceled at once and cancels the handler", .timeLimit(.minutes(hangGuardMinutes)))
        func cancellation() async throws {
            let faults = FaultsService()
            let dispatcher = try Self.dispatcher(faults: faults)
            // Slow throws when cancelled, so whichever settles first (the cancellation or the
            // handler's own CancellationError) the answer is `canceled`.
            let request = RPCRequest(method: "POST", uri: "/test.Faults/Slow", headers: Self.twirpJSON, body: Array("-1".utf8))
            let answers = Mutex<[ProtoHTTPError.Code?]>([])
            let task = Task {
                await dispatcher.handle(request) { _, outcome in answers.withLock { $0.append(outcome.code) } }
            }
            #expect(await waitUntil { faults.events.contains("slow started") })
            task.cancel()
            await task.value
            #expect(answers.withLock { $0 } == [.canceled])
            #expect(faults.events == ["slow started", "slow cancelled"])
        }
    }
}
