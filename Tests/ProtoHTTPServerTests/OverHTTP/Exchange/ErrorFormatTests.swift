// ErrorFormatTests.swift: error responses byte for byte over a raw socket: status, Content-Type, headers and JSON body.
import Foundation
import ProtoHTTP
import ProtoHTTPDemo
import ProtoHTTPServer
import ProtoWire
import Testing
import HTTPTypes
import ProtoHTTPDemoService

extension ServerTests {
    @Suite("Error formats on the wire")
    struct ErrorFormatTests {
        static let connectBinary = [("Content-Type", "application/proto"), ("Connect-Protocol-Version", "1")]
        static let connectJSON = [("Content-Type", "application/json"), ("Connect-Protocol-Version", "1")]
        static let twirpJSON = [("Content-Type", "application/json")]

        /// Checks an error response: status, JSON Content-Type, a matching Content-Length, the exact body and `headers`.
        static func expectError(_ response: RawResponse, _ status: Int, _ body: String, headers: [HTTPField.Name: String] = [:],
                                sourceLocation: SourceLocation = #_sourceLocation) {
            #expect(response.status == status, sourceLocation: sourceLocation)
            #expect(response.header(.contentType) == "application/json", sourceLocation: sourceLocation)
            #expect(response.header(.contentLength) == String(response.body.count), sourceLocation: sourceLocation)
            #expect(response.text == body, sourceLocation: sourceLocation)
            for (name, value) in headers {
                #expect(response.header(name) == value, "\(name)", sourceLocation: sourceLocation)
            }
        }

        static func base64<M: ProtoMessage>(_ message: M) -> String { Data(message.serializedBytes()).base64EncodedString() }

        @Test("not_found: Connect with details (binary and JSON requests), Twirp with meta")
        func notFound() async throws {
            try await withServer { server in
                var nope = Notes_GetNoteRequest()
                nope.id = "nope"
                let connect = #"{"code":"not_found","message":"no note has id nope","details":[{"type":"notes.GetNoteRequest","value":"\#(Self.base64(nope))"}]}"#
                #expect(Self.base64(nope) == "CgRub3Bl")
                let binary = try await RawConnection.exchange(port: server.port, "/notes.Notes/GetNote", headers: Self.connectBinary, body: nope.serializedBytes())
                Self.expectError(binary, 404, connect)
                let json = try await RawConnection.exchange(port: server.port, "/notes.Notes/GetNote", headers: Self.connectJSON, body: Array(#"{"id":"nope"}"#.utf8))
                Self.expectError(json, 404, connect)
                let twirp = try await RawConnection.exchange(port: server.port, "/twirp/notes.Notes/GetNote", headers: Self.twirpJSON, body: Array(#"{"id":"nope"}"#.utf8))
                Self.expectError(twirp, 404, #"{"code":"not_found","msg":"no note has id nope","meta":{"id":"nope"}}"#)
                let twirpBinary = try await RawConnection.exchange(port: server.port, "/twirp/notes.Notes/GetNote",
                                                                   headers: [("Content-Type", "application/protobuf")], body: nope.serializedBytes())
                Self.expectError(twirpBinary, 404, #"{"code":"not_found","msg":"no note has id nope","meta":{"id":"nope"}}"#)
            }
        }

        @Test("data_loss: Twirp names it dataloss; Connect data_loss with HTTP 500")
        func dataLoss() async throws {
            try await withServer { server in
                let code = Google_Protobuf_StringValue("data_loss")
                let twirp = try await RawConnection.exchange(port: server.port, "/twirp/test.Faults/Refuse", headers: Self.twirpJSON, body: Array(#""data_loss""#.utf8))
                Self.expectError(twirp, 500, #"{"code":"dataloss","msg":"asked to fail","meta":{"reason":"asked"}}"#)
                let connect = try await RawConnection.exchange(port: server.port, "/test.Faults/Refuse", headers: Self.connectBinary, body: code.serializedBytes())
                Self.expectError(connect, 500, #"{"code":"data_loss","message":"asked to fail","details":[{"type":"google.protobuf.StringValue","value":"\#(Self.base64(code))"}]}"#)
                // Twirp's table differs from Connect's for a few codes.
                let precondition = try await RawConnection.exchange(port: server.port, "/twirp/test.Faults/Refuse", headers: Self.twirpJSON, body: Array(#""failed_precondition""#.utf8))
                Self.expectError(precondition, 412, #"{"code":"failed_precondition","msg":"asked to fail","meta":{"reason":"asked"}}"#)
                let connectPrecondition = try await RawConnection.exchange(port: server.port, "/test.Faults/Refuse", headers: Self.connectJSON, body: Array(#""failed_precondition""#.utf8))
                #expect(connectPrecondition.status == 400)
            }
        }

        @Test("unknown method: Connect 404 unimplemented, Twirp 404 bad_route, naming no method by default")
        func unknownMethodSaysNothingMore() async throws {
            try await withServer { server in
                let connect = try await RawConnection.exchange(port: server.port, "/notes.Notes/Nope", headers: Self.connectBinary)
                Self.expectError(connect, 404, #"{"code":"unimplemented","message":"no method at /notes.Notes/Nope; check the service and method name."}"#)
                let twirp = try await RawConnection.exchange(port: server.port, "/twirp/notes.Notes/Nope?x=1", headers: Self.twirpJSON)
                Self.expectError(twirp, 404, #"{"code":"bad_route","msg":"no method at /twirp/notes.Notes/Nope; check the service and method name."}"#)
                #expect(!connect.text.contains("CreateNote") && !twirp.text.contains("CreateNote"))
            }
        }

        @Test("unknown method with listsMethodsWhenNotFound: each 404 lists the methods")
        func unknownMethod() async throws {
            try await withServer({ $0.listsMethodsWhenNotFound = true }) { server in
                let paths = ["/notes.Notes/CreateNote", "/notes.Notes/DeleteNote", "/notes.Notes/GetNote", "/notes.Notes/ListNotes",
                             "/test.Faults/BadTimestamp", "/test.Faults/Crash", "/test.Faults/Hold", "/test.Faults/Ping", "/test.Faults/Refuse", "/test.Faults/Slow",
                             "/test.Faults/Stubborn", "/test.Faults/Where"]
                #expect(server.server.methodPaths == paths)
                // The message lists the first ten, then how many more.
                let listed = paths.prefix(10)
                let connect = try await RawConnection.exchange(port: server.port, "/notes.Notes/Nope", headers: Self.connectBinary)
                Self.expectError(connect, 404, #"{"code":"unimplemented","message":"no method at /notes.Notes/Nope; this server serves \#(listed.joined(separator: ", ")) and 2 more; check the service and method name."}"#)
                let twirp = try await RawConnection.exchange(port: server.port, "/twirp/notes.Notes/Nope?x=1", headers: Self.twirpJSON)
                let twirpPaths = listed.map { "/twirp" + $0 }.joined(separator: ", ")
                Self.expectError(twirp, 404, #"{"code":"bad_route","msg":"no method at /twirp/notes.Notes/Nope; this server's Twirp methods are \#(twirpPaths) and 2 more; check the service and method name."}"#)
            }
        }

        @Test("GET is refused (but for Connect GETs of NO_SIDE_EFFECTS methods): Connect 405 with Allow: POST, Twirp 404 bad_route")
        func wrongMethod() async throws {
            try await withServer { server in
                let connect = try await RawConnection.exchange(port: server.port, "/notes.Notes/CreateNote", method: "GET")
                Self.expectError(connect, 405, #"{"code":"unimplemented","message":"GET is not supported for /notes.Notes/CreateNote: only methods marked idempotency_level = NO_SIDE_EFFECTS answer Connect GETs; POST it."}"#,
                                 headers: [.allow: "POST"])
                let twirp = try await RawConnection.exchange(port: server.port, "/twirp/notes.Notes/GetNote", method: "GET")
                Self.expectError(twirp, 404, #"{"code":"bad_route","msg":"GET is not supported for /notes.Notes/GetNote; RPC calls are POST requests."}"#,
                                 headers: [.allow: "POST"])
            }
        }

        @Test("a handler's plain Swift error is internal with a fixed message; its text stays on the server")
        func genericError() async throws {
            try await withServer { server in
                let message = "the handler failed with an internal error; the server's log has the cause."
                let connect = try await RawConnection.exchange(port: server.port, "/test.Faults/Crash", headers: Self.connectBinary)
                Self.expectError(connect, 500, #"{"code":"internal","message":"\#(message)"}"#)
                let twirp = try await RawConnection.exchange(port: server.port, "/twirp/test.Faults/Crash", headers: Self.twirpJSON, body: Array("{}".utf8))
                Self.expectError(twirp, 500, #"{"code":"internal","msg":"\#(message)"}"#)
                for response in [connect, twirp] {
                    #expect(!response.text.contains("hunter2") && !response.headers.contains { $0.value.contains("hunter2") })
                }
            }
        }

        @Test("a response with no JSON form is internal over JSON and fine over binary")
        func unencodableResponse() async throws {
            try await withServer { server in
                let json = try await RawConnection.exchange(port: server.port, "/test.Faults/BadTimestamp", headers: Self.connectJSON, body: Array("{}".utf8))
                Self.expectError(json, 500, #"{"code":"internal","message":"the server could not encode its response as JSON; call it with binary protobuf, or report this to the service's owner."}"#)
                let binary = try await RawConnection.exchange(port: server.port, "/test.Faults/BadTimestamp", headers: Self.connectBinary)
                #expect(binary.status == 200 && binary.header(.contentType) == "application/proto")
                let note = try Notes_Note(serializedBytes: binary.body)
                #expect(note.id == "bad" && note.createdAt.seconds == Google_Protobuf_Timestamp.maxSeconds + 1)
            }
        }

        @Test("Connect headers: unsupported protocol version, bad timeouts, compressed bodies")
        func connectHeaders() async throws {
            try await withServer { server in
                let list = Notes_ListNotesRequest().serializedBytes()
                let version = try await RawConnection.exchange(port: server.port, "/notes.Notes/ListNotes",
                                                               headers: [("Content-Type", "application/proto"), ("Connect-Protocol-Version", "2")], body: list)
                Self.expectError(version, 400, #"{"code":"invalid_argument","message":"Connect-Protocol-Version \"2\" is not supported; this server speaks Connect protocol version 1."}"#)
                for timeout in ["soon", "12345678901", "-5", ""] {
                    let response = try await RawConnection.exchange(port: server.port, "/notes.Notes/ListNotes",
                                                                    headers: Self.connectBinary + [("Connect-Timeout-Ms", timeout)], body: list)
                    Self.expectError(response, 400, #"{"code":"invalid_argument","message":"Connect-Timeout-Ms \"\#(timeout)\" is not a timeout; send 1 to 10 digits of milliseconds, or leave the header out."}"#)
                }
                let brotli = try await RawConnection.exchange(port: server.port, "/notes.Notes/ListNotes",
                                                              headers: Self.connectBinary + [("Content-Encoding", "br")], body: list)
                Self.expectError(brotli, 501, #"{"code":"unimplemented","message":"request bodies with Content-Encoding \"br\" are not accepted; send them with gzip or uncompressed."}"#,
                                 headers: [.acceptEncoding: "gzip, identity"])
                let identity = try await RawConnection.exchange(port: server.port, "/notes.Notes/ListNotes",
                                                                headers: Self.connectBinary + [("Content-Encoding", "identity"), ("Connect-Timeout-Ms", "5000")], body: list)
                #expect(identity.status == 200 && identity.header(.contentType) == "application/proto")
            }
        }
    }
}
