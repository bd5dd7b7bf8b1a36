// FuzzFindingsTests.swift: what the server-request fuzz target (Tests/Fuzz) found, as tests on the real pipeline in process.
import ProtoHTTPCore
import Testing
import ProtoHTTPTestSupport

extension ServerTests {
    @Suite("Fuzz findings: the server's request path")
    struct FuzzFindingsTests {
        /// Found by `server-request`: a request with `Connection: close` (or an HTTP/1.0 one)
        /// followed by more bytes got its answer with `Connection: close`, and then a second
        /// response, NIO's `400 Bad Request`: NIO's HTTP decoder rejects data after a
        /// close-delimited request, and `HTTPServerProtocolErrorHandler` answered the error once
        /// the first response had ended. RFC 9112 §9.6: after a `close` the server must not
        /// process further requests. Fixed in `RPCChannelHandler` (its `closing` state, and its
        /// own 400 for malformed input in place of NIO's error handler).
        @Test("nothing is answered after a request that ends the connection (Connection: close, HTTP/1.0): one response, then close",
              arguments: [
                  String(decoding: RawConnection.request("/notes.Notes/ListNotes", headers: ErrorFormatTests.connectJSON + [("Connection", "close")], body: Array("{}".utf8))
                      + RawConnection.request("/notes.Notes/ListNotes", headers: ErrorFormatTests.connectJSON, body: Array("{}".utf8)), as: UTF8.self),
                  "POST /notes.Notes/ListNotes HTTP/1.0\r\nContent-Type: application/json\r\n\r\n{}",
              ])
        func nothingAfterClose(_ request: String) async throws {
            let connection = try await EmbeddedConnection.open()
            try await connection.send(request)
            // Once the connection has closed, everything the server wrote is in the channel.
            #expect(await waitUntil { !connection.isActive }, "the connection should close after its answer")
            let responses = try await connection.responses(2, timeout: .zero)
            #expect(responses.count == 1, "statuses \(responses.map(\.status))")
            #expect(responses.first?.header(.connection) == "close")
        }
    }
}
