// ResponseCompressionTests.swift: gzip responses: Accept-Encoding rules, the size threshold, Vary, and independent decoders (curl, gzip, connectrpc).
import Foundation
import Logging
import ProtoHTTPDemo
import ProtoHTTPServer
import ProtoHTTPTestSupport
import ProtoWire
import Testing
import ProtoHTTPDemoService

extension ServerTests {
    @Suite("gzip responses")
    struct ResponseCompressionTests {
        /// `bytes` inflated by the system's gzip (an independent implementation).
        static func gunzip(_ bytes: [UInt8]) async throws -> [UInt8] {
            try await offPool {
                let input = FileManager.default.temporaryDirectory.appendingPathComponent("protohttp-gunzip-\(UUID().uuidString)")
                try Data(bytes).write(to: input)
                defer { try? FileManager.default.removeItem(at: input) }
                guard let output = PythonClient.runProgram("/bin/gzip", ["-d", "-c", input.path], timeout: 30), output.status == 0 else {
                    throw PythonClient.Failure(description: "gzip -d failed or timed out")
                }
                return output.stdoutBytes
            }
        }

        static let connectBinary = [("Content-Type", "application/proto"), ("Connect-Protocol-Version", "1")]

        /// A CreateNote whose answer (the note, echoing `text`) is `size` bytes of text and more.
        static func createBody(title: String, size: Int) -> [UInt8] {
            var request = Notes_CreateNoteRequest()
            request.title = title
            request.text = String(repeating: "compress me ", count: size / 12 + 1)
            return request.serializedBytes()
        }

        @Test("Accept-Encoding decides: q-values, q=0, identity, * and unknown codings", arguments: [
            ("gzip", true), ("GZIP", true), ("x-gzip", true), ("*", true), ("br, gzip;q=0.5", true), ("identity;q=0, gzip", true),
            ("deflate, gzip;Q=0.001", true), ("gzip;q=1.0, identity;q=1", true),
            ("gzip;q=0", false), ("identity", false), ("*;q=0", false), ("*, gzip;q=0", false), ("gzip;q=0.5, identity", false),
            ("deflate, br", false), ("", false), ("gzip;q=abc", false), ("gzip;q=1.5", false), (nil, false),
        ] as [(String?, Bool)])
        func acceptEncoding(_ acceptEncoding: String?, _ compressed: Bool) async throws {
            try await withServer { server in
                var headers = Self.connectBinary
                if let acceptEncoding { headers.append(("Accept-Encoding", acceptEncoding)) }
                let response = try await RawConnection.exchange(port: server.port, "/notes.Notes/CreateNote", headers: headers,
                                                                body: Self.createBody(title: "big", size: 4000))
                #expect(response.status == 200, "\(response.text)")
                #expect(response.header(.vary) == "Accept-Encoding")
                #expect(response.header(.contentEncoding) == (compressed ? "gzip" : nil))
                let body = compressed ? try await Self.gunzip(response.body) : response.body
                if compressed { #expect(response.body.count < body.count / 4) }
                let note = try Notes_Note(serializedBytes: body)
                #expect(note.title == "big" && note.text.utf8.count >= 4000)
            }
        }

        @Test("bodies under minimumBytes go as they are, without Vary; the threshold and .off are configurable")
        func threshold() async throws {
            let small = Self.createBody(title: "small", size: 500)
            let accept = Self.connectBinary + [("Accept-Encoding", "gzip")]
            try await withServer { server in
                let response = try await RawConnection.exchange(port: server.port, "/notes.Notes/CreateNote", headers: accept, body: small)
                #expect(response.status == 200 && response.body.count < 1024)
                #expect(response.header(.contentEncoding) == nil && response.header(.vary) == nil)
                #expect(try Notes_Note(serializedBytes: response.body).title == "small")
            }
            try await withServer({ $0.responseCompression = .gzip(minimumBytes: 100, level: 1) }) { server in
                let response = try await RawConnection.exchange(port: server.port, "/notes.Notes/CreateNote", headers: accept, body: small)
                #expect(response.header(.contentEncoding) == "gzip")
                #expect(try Notes_Note(serializedBytes: try await Self.gunzip(response.body)).title == "small")
            }
            try await withServer({ $0.responseCompression = .off }) { server in
                let response = try await RawConnection.exchange(port: server.port, "/notes.Notes/CreateNote", headers: accept,
                                                                body: Self.createBody(title: "big", size: 8000))
                #expect(response.header(.contentEncoding) == nil && response.header(.vary) == nil)
                #expect(try Notes_Note(serializedBytes: response.body).title == "big")
            }
        }

        /// Runs curl with `--compressed` and returns the raw response head it saw and the body it decoded.
        static func curlCompressed(_ arguments: [String]) async throws -> (head: String, body: [UInt8]) {
            try await offPool {
                let folder = FileManager.default.temporaryDirectory.appendingPathComponent("protohttp-curl-\(UUID().uuidString)")
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                defer { try? FileManager.default.removeItem(at: folder) }
                let head = folder.appendingPathComponent("head").path, body = folder.appendingPathComponent("body").path
                let run = PythonClient.runProgram("/usr/bin/curl", ["-sS", "--compressed", "--max-time", "10", "-D", head, "-o", body] + arguments, timeout: 20)
                guard let run, run.status == 0 else { throw PythonClient.Failure(description: "curl failed: \(run?.stderr ?? "timed out")") }
                return (try String(contentsOfFile: head, encoding: .utf8), Array(try Data(contentsOf: URL(fileURLWithPath: body))))
            }
        }

        @Test("curl --compressed decodes our gzip responses: Connect JSON POST, Twirp binary, Connect GET")
        func curl() async throws {
            try await withServer { server in
                let text = String(repeating: "curl decodes this ", count: 200)
                let json = #"{"title":"curl","text":"\#(text)"}"#
                let connect = try await Self.curlCompressed([
                    "-H", "Content-Type: application/json", "-H", "Connect-Protocol-Version: 1", "--data-binary", json,
                    "\(server.baseURL)/notes.Notes/CreateNote",
                ])
                #expect(connect.head.lowercased().contains("\r\ncontent-encoding: gzip\r\n"), "\(connect.head)")
                let note = try Notes_Note(jsonUTF8Bytes: connect.body)
                #expect(note.title == "curl" && note.text == text)

                let file = FileManager.default.temporaryDirectory.appendingPathComponent("protohttp-twirp-\(UUID().uuidString)")
                var request = Notes_GetNoteRequest()
                request.id = note.id
                try Data(request.serializedBytes()).write(to: file)
                defer { try? FileManager.default.removeItem(at: file) }
                let twirp = try await Self.curlCompressed([
                    "-H", "Content-Type: application/protobuf", "--data-binary", "@\(file.path)", "\(server.baseURL)/twirp/notes.Notes/GetNote",
                ])
                #expect(twirp.head.lowercased().contains("\r\ncontent-encoding: gzip\r\n"), "\(twirp.head)")
                #expect(try Notes_Note(serializedBytes: twirp.body).text == text)

                let get = try await Self.curlCompressed([
                    "\(server.baseURL)/notes.Notes/GetNote?connect=v1&encoding=json&message=%7B%22id%22%3A%22\(note.id)%22%7D",
                ])
                #expect(get.head.lowercased().contains("\r\ncontent-encoding: gzip\r\n"), "\(get.head)")
                #expect(get.head.lowercased().contains("\r\nvary: accept-encoding\r\n"), "\(get.head)")
                #expect(try Notes_Note(jsonUTF8Bytes: get.body).text == text)
            }
        }

        @Test("the Python connectrpc client decodes gzip responses (POST and GET); the access log shows they went compressed")
        func connectrpc() async throws {
            let capture = LineCapture()
            try await withServer({ $0.accessLog = true; $0.logger = capture.logger(label: "test.gzip") }) { server in
                let output = try await PythonClient.run("gzip_client.py", [String(server.port)])
                #expect(output.status == 0, "gzip_client.py failed:\n\(output.stderr)")
                #expect(output.lines == ["create n1 4000", "post 4000", "get 4000", "identity 4000"], "\(output.stdout)")
            }
            // "POST /notes.Notes/GetNote 200 123B 0.5ms": the bytes are the body as sent.
            let sent = capture.lines.filter { $0.contains("/notes.Notes/GetNote") }.compactMap { line in
                line.split(separator: " ").first { $0.hasSuffix("B") }.flatMap { Int($0.dropLast()) }
            }
            #expect(sent.count == 3, "\(capture.lines)")
            if sent.count == 3 {
                #expect(sent[0] < 1000 && sent[1] < 1000, "gzip for POST and GET: \(sent)")
                #expect(sent[2] > 4000, "identity: \(sent)")
            }
        }
    }
}
