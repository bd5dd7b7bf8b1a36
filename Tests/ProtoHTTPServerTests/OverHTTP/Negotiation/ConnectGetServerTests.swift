// ConnectGetServerTests.swift: the server answers Connect GETs for NO_SIDE_EFFECTS methods: exact bytes, bad queries, our client.
import Foundation
import ProtoHTTP
import ProtoHTTPDemo
@testable import ProtoHTTPServer
import ProtoWire
import Synchronization
import Testing
import ProtoHTTPCore
import ProtoHTTPDemoService

extension ServerTests {
    @Suite("Connect GET (server)")
    struct ConnectGetServerTests {
        static let connectJSON = [("Content-Type", "application/json"), ("Connect-Protocol-Version", "1")]

        /// Creates one note over a raw Connect JSON POST; returns the exact response body.
        static func createNote(_ port: Int) async throws -> RawResponse {
            let created = try await RawConnection.exchange(port: port, "/notes.Notes/CreateNote", headers: connectJSON,
                                                           body: Array(#"{"title":"get me","tags":["a"]}"#.utf8))
            #expect(created.status == 200)
            return created
        }

        @Test("GET answers side-effect-free methods in JSON and base64 proto, byte for byte as the POST would")
        func exactBytes() async throws {
            try await withServer { server in
                let created = try await Self.createNote(server.port)
                let json = try await RawConnection.exchange(
                    port: server.port, "/notes.Notes/GetNote?connect=v1&encoding=json&message=%7B%22id%22%3A%22n1%22%7D", method: "GET")
                #expect(json.status == 200)
                #expect(json.header(.contentType) == "application/json")
                #expect(json.body == created.body, "the GET's answer is the note the POST created: \(json.text)")

                let note = try Notes_Note(jsonUTF8Bytes: created.body)
                var request = Notes_GetNoteRequest()
                request.id = "n1"
                let message = Base64.urlSafeString(request.serializedBytes())
                let binary = try await RawConnection.exchange(
                    port: server.port, "/notes.Notes/GetNote?connect=v1&base64=1&encoding=proto&message=\(message)", method: "GET")
                #expect(binary.status == 200)
                #expect(binary.header(.contentType) == "application/proto")
                #expect(binary.body == note.serializedBytes())

                // '+' reads as a space, and parameters may come in any order.
                let listed = try await RawConnection.exchange(
                    port: server.port, "/notes.Notes/ListNotes?message=%7B%22tag%22%3A+%22a%22%7D&encoding=json", method: "GET")
                #expect(listed.status == 200)
                #expect(try Notes_ListNotesResponse(jsonUTF8Bytes: listed.body).notes.map(\.id) == ["n1"])
            }
        }

        /// `bytes` percent-encoded without base64: unreserved ASCII as written, every other byte as `%XX`.
        static func percentEncoded(_ bytes: [UInt8]) -> String {
            let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)
            return bytes.map { unreserved.contains($0) ? String(UnicodeScalar($0)) : String(format: "%%%02X", $0) }.joined()
        }

        @Test("a binary message percent-encoded without base64 reaches the decoder byte for byte: every byte value 0-255, plain and gzip")
        func binaryMessageEveryByte() async throws {
            try await withServer { server in
                _ = try await Self.createNote(server.port)
                var request = Notes_GetNoteRequest()
                request.id = "n1"
                // An unknown length-delimited field (number 15) holding every byte value, which a
                // proto3 decoder keeps: any byte altered on the way changes its length or framing.
                let everyByte = [UInt8](0...255)
                let message = request.serializedBytes() + [0x7A, 0x80, 0x02] + everyByte
                let plain = try await RawConnection.exchange(
                    port: server.port, "/notes.Notes/GetNote?connect=v1&encoding=proto&message=\(Self.percentEncoded(message))", method: "GET")
                #expect(plain.status == 200, "\(plain.text)")
                #expect(try Notes_Note(serializedBytes: plain.body).id == "n1")

                let compressed = try await CompressionTests.gzip(message)
                let gzipped = try await RawConnection.exchange(
                    port: server.port, "/notes.Notes/GetNote?encoding=proto&compression=gzip&message=\(Self.percentEncoded(compressed))",
                    method: "GET")
                #expect(gzipped.status == 200, "\(gzipped.text)")
                #expect(try Notes_Note(serializedBytes: gzipped.body).id == "n1")
            }
        }

        @Test("a JSON message that is not UTF-8 is invalid_argument, not read with U+FFFD in its place", arguments: [
            "%7B%22id%22%3A%22n%FF%22%7D", "%7B%22id%22%3A%22n%C3%22%7D", "%7B%22id%22%3A%22n%ED%A0%80%22%7D", "%FE%FF%7B%7D",
        ])
        func jsonMessageMustBeUTF8(message: String) async throws {
            try await withServer { server in
                _ = try await Self.createNote(server.port)
                let response = try await RawConnection.exchange(
                    port: server.port, "/notes.Notes/GetNote?encoding=json&message=\(message)", method: "GET")
                let json = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
                #expect(response.status == 400, "\(message): \(response.text)")
                #expect(json?["code"] as? String == "invalid_argument")
            }
        }

        @Test("the query parser decodes every escape to its byte and keeps invalid escapes as written")
        func queryBytes() {
            let all = (0...255).map { String(format: "%%%02x", $0) }.joined()
            #expect(QueryString.parameters(of: "/p?message=\(all)").first?.value == [UInt8](0...255))
            #expect(QueryString.parameters(of: "/p?a=%zz%4&b=x+y%2B&=v&c").map(\.value)
                    == [Array("%zz%4".utf8), Array("x y+".utf8), Array("v".utf8), []])
            #expect(QueryString.parameters(of: "/p?m=1#frag&x=2").map(\.name) == ["m"])
        }

        @Test("bad queries get Connect's errors; methods with side effects keep answering 405 with Allow: POST", arguments: [
            ("/notes.Notes/GetNote?connect=v1&encoding=json", 400, "invalid_argument", "the Connect GET has no message parameter"),
            ("/notes.Notes/GetNote?encoding=proto&base64=1&message=%%%", 400, "invalid_argument", "the message parameter is not valid base64"),
            ("/notes.Notes/GetNote?encoding=proto&base64=1&message=!!!!", 400, "invalid_argument", "the message parameter is not valid base64"),
            ("/notes.Notes/GetNote?encoding=json&message=%7Bnot%20json", 400, "invalid_argument", "the request body is not a valid notes.GetNoteRequest in proto3 JSON"),
            ("/notes.Notes/GetNote?encoding=json&base64=2&message=%7B%7D", 400, "invalid_argument", "base64=2 is not valid"),
            ("/notes.Notes/GetNote?connect=v2&encoding=json&message=%7B%7D", 400, "invalid_argument", "connect=v2 is not a Connect protocol version"),
            ("/notes.Notes/GetNote?encoding=xml&message=x", 415, "unimplemented", "encoding=xml is not supported"),
            ("/notes.Notes/GetNote?message=x", 415, "unimplemented", "the Connect GET has no encoding parameter"),
            ("/notes.Notes/GetNote?encoding=proto&compression=br&message=", 501, "unimplemented", "request bodies with Content-Encoding \"br\""),
            ("/notes.Notes/CreateNote?encoding=json&message=%7B%7D", 405, "unimplemented", "GET is not supported for /notes.Notes/CreateNote"),
        ])
        func badQueries(path: String, status: Int, code: String, messagePrefix: String) async throws {
            try await withServer { server in
                let response = try await RawConnection.exchange(port: server.port, path, method: "GET")
                let json = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
                #expect(response.status == status, "\(path): \(response.text)")
                #expect(response.header(.contentType) == "application/json")
                #expect(json?["code"] as? String == code, "\(path): \(response.text)")
                let message = json?["message"] as? String ?? ""
                #expect(message.hasPrefix(messagePrefix), "\(path): \(response.text)")
                if status == 405 { #expect(response.header(.allow) == "POST") }
                #expect(server.notes.count == 0)
            }
        }

        @Test("our client with .connect(httpGet: true) sends GetNote and ListNotes as GET, the rest as POST")
        func ourClient() async throws {
            try await withServer { server in
                let methods = Mutex<[String]>([])
                var configuration = ManagerConfiguration(baseURL: server.baseURL)
                configuration.wireProtocol = .connect(httpGet: true)
                configuration.interceptors = [ClosureInterceptor { request, _, next, completion in
                    methods.withLock { $0.append(request.method.rawValue) }
                    next(request, completion)
                }]
                let manager = try ProtoHTTPManager(configuration: configuration, transport: server.transport)
                let client = Notes_NotesClient(manager: manager)
                for encoding in [BodyEncoding.binary, .json] {
                    let options = CallOptions(encoding: encoding)
                    var create = Notes_CreateNoteRequest()
                    create.title = "via \(encoding)"
                    create.tags = ["x"]
                    let note = try await client.createNote(create, options: options)
                    var get = Notes_GetNoteRequest()
                    get.id = note.id
                    #expect(try await client.getNote(get, options: options) == note)
                    var list = Notes_ListNotesRequest()
                    list.tag = "x"
                    #expect(try await client.listNotes(list, options: options).notes.contains(note))
                    get.id = "missing"
                    let missing = await Result { () async throws(ProtoHTTPError) in try await client.getNote(get, options: options) }
                    #expect(missing.mapError { $0 as any Error }.failureCode == .notFound)
                }
                #expect(methods.withLock { $0 } == ["POST", "GET", "GET", "GET", "POST", "GET", "GET", "GET"])
            }
        }
    }
}

extension Result where Failure == any Error {
    /// The ProtoHTTPError code of a failure, if it is one.
    var failureCode: ProtoHTTPError.Code? {
        guard case .failure(let error) = self else { return nil }
        return (error as? ProtoHTTPError)?.code
    }
}
