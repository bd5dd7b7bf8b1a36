// InterceptorsArticleTests.swift: the "Serving" article's interceptors and response headers and trailers, run as written against our client.
import HTTPTypes
import ProtoHTTP
import ProtoHTTPCore
import ProtoHTTPDemo
import ProtoHTTPDemoService
import ProtoHTTPServer
import Testing

/// The article's interceptors and the handler that reads what they bound.
enum InterceptorsArticle {
    enum Caller {
        @TaskLocal static var name: String?
    }

    struct RequireToken: ServerInterceptor {
        let tokens: [String: String]                       // token → caller
        func intercept<Output: Sendable>(
            _ call: ServerCall, next: @Sendable (ServerCall) async throws -> Output
        ) async throws -> Output {
            let presented = call.context.header(.authorization)?.replacingOccurrences(of: "Bearer ", with: "")
            guard let presented, let caller = tokens[presented] else {
                throw ProtoHTTPError(code: .unauthenticated, message: "send Authorization: Bearer <token>")
            }
            return try await Caller.$name.withValue(caller) { try await next(call) }   // the handler reads Caller.name
        }
    }

    struct RequestID: ServerInterceptor {
        func intercept<Output: Sendable>(
            _ call: ServerCall, next: @Sendable (ServerCall) async throws -> Output
        ) async throws -> Output {
            let id = call.context.header(requestID) ?? "generated-1"
            call.context.responseHeaders[requestID] = id   // on the answer, errors included
            var call = call
            call.context.logger[metadataKey: "request-id"] = "\(id)"
            return try await next(call)
        }
    }
    static let requestID = HTTPField.Name("x-request-id")!

    struct TaggedNotes: Notes_NotesHandler {
        let store: ServingArticle.NoteStore

        func getNote(_ request: Notes_GetNoteRequest, context: ServerContext) async throws -> Notes_Note {
            guard let note = store.note(id: request.id) else { throw ProtoHTTPError(code: .notFound, message: "no note \(request.id)") }
            context.responseHeaders[.cacheControl] = "max-age=60"
            context.responseTrailers[HTTPField.Name("x-read-by")!] = Caller.name ?? "nobody"
            return note
        }

        func createNote(_ request: Notes_CreateNoteRequest, context: ServerContext) async throws -> Notes_Note {
            throw ProtoHTTPError(code: .unimplemented, message: "read-only")
        }
        func listNotes(_ request: Notes_ListNotesRequest, context: ServerContext) async throws -> Notes_ListNotesResponse {
            Notes_ListNotesResponse.with { $0.notes = store.all }
        }
        func deleteNote(_ request: Notes_DeleteNoteRequest, context: ServerContext) async throws -> Notes_DeleteNoteResponse {
            throw ProtoHTTPError(code: .unimplemented, message: "read-only")
        }
    }
}

@Suite("Article: interceptors and response metadata")
struct InterceptorsArticleTests {
    @Test("a server interceptor on every call, a service's token check, and a handler's headers and trailers, as the article shows them")
    func article() async throws {
        typealias RequireToken = InterceptorsArticle.RequireToken
        typealias RequestID = InterceptorsArticle.RequestID
        typealias TaggedNotes = InterceptorsArticle.TaggedNotes
        let store = ServingArticle.NoteStore()
        store.add(Notes_Note.with { $0.id = "n1" })

        var configuration = ServerConfiguration(host: "127.0.0.1", port: 0)
        configuration.accessLog = false
        configuration.interceptors = [RequestID()]                      // around every handler, outermost first
        let notes = TaggedNotes(store: store).intercepted(by: [RequireToken(tokens: ["s3cret": "ada"])])
        let server = try ProtoHTTPServer(configuration: configuration, services: [notes])
        try await server.start()

        let manager = try ProtoHTTPManager(configuration: ManagerConfiguration(baseURL: "http://127.0.0.1:\(server.port ?? 0)"))
        let response = try await manager.unaryForResponse(Notes_NotesMetadata.GetNote.self, Notes_GetNoteRequest.with { $0.id = "n1" },
                                                          options: CallOptions(headers: [.authorization: "Bearer s3cret"]))
        let cache = response.metadata.headers[.cacheControl]                              // "max-age=60"
        let reader = response.metadata.trailers[HTTPField.Name("x-read-by")!]             // "ada"
        #expect(response.output.id == "n1")
        #expect(cache == "max-age=60" && reader == "ada")
        #expect(response.metadata.headers[InterceptorsArticle.requestID] == "generated-1")

        let refused = await Result { () async throws(ProtoHTTPError) in
            try await manager.unary(Notes_NotesMetadata.GetNote.self, Notes_GetNoteRequest.with { $0.id = "n1" })
        }
        #expect(refused.error?.code == .unauthenticated)
        await server.shutdown()
    }
}
