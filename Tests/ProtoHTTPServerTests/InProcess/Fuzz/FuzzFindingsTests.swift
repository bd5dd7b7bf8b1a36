// FuzzFindingsTests.swift: what the server-request fuzz target (Tests/Fuzz) found, as tests on the real pipeline in process.
import ProtoHTTPCore
import Testing

extension ServerTests {
    @Suite("Fuzz findings: the server's request path")
    struct FuzzFindingsTests {
        /// Found by `server-request`: a request with `Connection: close` (or an HTTP/1.0 one)
        /// followed by more bytes gets its answer with `Connection: close`, and then a second
        /// response, NIO's `400 Bad Request`: NIO's HTTP decoder rejects data after a
        /// close-delimited request, and `HTTPServerProtocolErrorHandler` (which
        /// `configureHTTPServerPipeline(withErrorHandling: true)` adds) answers the error once
        /// the first response has ended. RFC 9112 §9.6: after a `close` the server must not
        /// process further requests; the second response is one more answer than the client
        /// asked for. Reproduced on a real socket too (notes-server). Known, to be fixed in
        /// ProtoHTTPServer (e.g. drop the decoder's error once a `close` response has gone out);
        /// the fuzz target tolerates exactly this 400 until then (see its `KnownIssues`).
        @Test("no second response after a Connection: close one", arguments: [
            String(decoding: RawConnection.request("/notes.Notes/ListNotes", headers: ErrorFormatTests.connectJSON + [("Connection", "close")], body: Array("{}".utf8))
                + RawConnection.request("/notes.Notes/ListNotes", headers: ErrorFormatTests.connectJSON, body: Array("{}".utf8)), as: UTF8.self),
            "POST /notes.Notes/ListNotes HTTP/1.0\r\nContent-Type: application/json\r\n\r\n{}",
        ])
        func nothingAfterClose(_ request: String) async throws {
            let connection = try await EmbeddedConnection.open()
            try await connection.send(request)
            let responses = try await connection.responses(2, timeout: .milliseconds(500))
            let first = try #require(responses.first)
            #expect(first.header("Connection") == "close")
            withKnownIssue("NIO's 400 Bad Request follows a Connection: close response (found by the server-request fuzz target)") {
                #expect(responses.count == 1, "statuses \(responses.map(\.status))")
            }
        }
    }
}
