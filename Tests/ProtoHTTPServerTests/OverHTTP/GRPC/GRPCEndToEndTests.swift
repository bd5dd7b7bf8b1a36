// GRPCEndToEndTests.swift: our gRPC and gRPC-Web client against our server: binary and JSON, errors, deadlines, gzip, refusals.
import Foundation
import HTTPTypes
import ProtoHTTP
import ProtoHTTPCore
import ProtoHTTPDemo
import ProtoHTTPDemoService
import ProtoHTTPServer
import ProtoHTTPTestSupport
import ProtoWire
import Synchronization
import Testing

extension ServerTests {
    @Suite("gRPC and gRPC-Web: our client against our server")
    struct GRPCEndToEndTests {
        typealias GetNote = Notes_NotesMetadata.GetNote
        typealias CreateNote = Notes_NotesMetadata.CreateNote

        @Test("the README's example: one port serves gRPC and health checks, the client calls it over h2c")
        func readmeExample() async throws {
            var config = ServerConfiguration(host: "127.0.0.1", port: 0, accessLog: false)
            config.logger.logLevel = .critical
            let store = NotesStore()
            let notes = store.definition
            let health = HealthService(serving: ["notes.Notes"])
            let server = try ProtoHTTPServer(configuration: config, services: [notes, health])
            try await server.start()
            let port = try #require(server.port)
            var create = Notes_CreateNoteRequest()
            create.title = "over gRPC"

            var client = ManagerConfiguration(baseURL: "http://127.0.0.1:\(port)")
            client.wireProtocol = .grpc
            let manager = try ProtoHTTPManager(configuration: client)
            let note = try await manager.post(Notes_NotesMetadata.CreateNote.path, create, as: Notes_Note.self)
            var request = Notes_GetNoteRequest()
            request.id = note.id
            #expect(try await manager.post(GetNote.path, request, as: Notes_Note.self).title == "over gRPC")
            var check = Grpc_Health_V1_HealthCheckRequest()
            check.service = "notes.Notes"
            #expect(try await manager.post(Grpc_Health_V1_HealthMetadata.Check.path, check, as: Grpc_Health_V1_HealthCheckResponse.self).status == .serving)
            health.setStatus(.notServing, for: "notes.Notes")
            #expect(try await manager.post(Grpc_Health_V1_HealthMetadata.Check.path, check, as: Grpc_Health_V1_HealthCheckResponse.self).status == .notServing)
            await server.shutdown()
        }

        @Test("binary and JSON (application/grpc+json, application/grpc-web+json, the base64 text form), errors with details, gzip both ways",
              arguments: ["grpc", "grpcweb", "grpcweb-text"])
        func calls(_ name: String) async throws {
            try await withServer { server in
                let wireProtocol: any WireProtocol = name == "grpc" ? GRPCProtocol() : GRPCWebProtocol(text: name == "grpcweb-text")
                let manager = try server.manager(wireProtocol)
                for encoding in [BodyEncoding.binary, .json] {
                    var create = Notes_CreateNoteRequest()
                    create.title = "t-\(encoding)"
                    let note = try await manager.post(CreateNote.path, create, as: Notes_Note.self, options: CallOptions(encoding: encoding))
                    var get = Notes_GetNoteRequest()
                    get.id = note.id
                    let fetched = try await manager.post(GetNote.path, get, as: Notes_Note.self, options: CallOptions(encoding: encoding))
                    #expect(fetched.title == "t-\(encoding)")
                }
                // The generated client speaks it too (the "Typed calls" article's form).
                let typed = Notes_NotesClient(manager: manager, wireProtocol: wireProtocol)
                let listed = try await typed.listNotes(Notes_ListNotesRequest())
                #expect(listed.notes.map(\.title) == ["t-binary", "t-json"])
                // A GET cannot be gRPC: refused before anything is sent.
                let get = await Result { () async throws(ProtoHTTPError) in
                    try await manager.request(.get, GetNote.path, input: [:], requestSerializer: .formURLEncoded, responseSerializer: .raw)
                }
                #expect(get.error?.code == .invalidArgument && get.error?.message.contains("every gRPC and gRPC-Web call is a POST") == true,
                        "\(String(describing: get.error))")
                var missing = Notes_GetNoteRequest()
                missing.id = "nope"
                let failure = await Result { () async throws(ProtoHTTPError) in
                    try await manager.post(GetNote.path, missing, as: Notes_Note.self)
                }
                let error = try #require(failure.error)
                #expect(error.code == .notFound && error.message == "no note has id nope", "\(error)")
                #expect(error.details.first?.unpack(Notes_GetNoteRequest.self)?.id == "nope")
                // A 64 KB title goes gzipped each way: the request by requestCompression, the answer
                // because the client sent grpc-accept-encoding: gzip.
                var big = Notes_CreateNoteRequest()
                big.title = String(repeating: "g", count: 64_000)
                var options = CallOptions()
                options.requestCompression = .gzip(minimumBytes: 1)
                let response = try await manager.postForResponse(CreateNote.path, big, as: Notes_Note.self, options: options)
                let metadata = response.metadata
                #expect(response.output.title.count == 64_000)
                #expect(metadata.headers[.grpcEncoding] == "gzip")
                // The status arrives after the body: in HTTP/2 trailers, or gRPC-Web's trailer frame.
                #expect(name != "grpc" || metadata.trailers[.grpcStatus] == "0", "\(metadata.trailers)")
                if name == "grpcweb-text" { #expect(metadata.contentType == MediaType.grpcWebText, "\(metadata.headers)") }
                #expect((metadata.metrics?.bodyBytesSent ?? .max) < 2_000, "\(String(describing: metadata.metrics))")
            }
        }

        @Test("a retry policy reads gRPC's status: unavailable in the trailers is retried, and the second attempt answers",
              arguments: ["grpc", "grpcweb"])
        func retries(_ name: String) async throws {
            let failuresLeft = Mutex(1)
            let flaky = ServiceDefinition(name: "test.Flaky", methods: [
                .unary("/test.Flaky/Once", Google_Protobuf_StringValue.self, Google_Protobuf_StringValue.self) { request, _ in
                    let fail = failuresLeft.withLock { left in
                        defer { left = max(0, left - 1) }
                        return left > 0
                    }
                    if fail { throw ProtoHTTPError(code: .unavailable, message: "try again") }
                    return request
                },
            ])
            try await withServer(extraServices: [flaky]) { server in
                let manager = try server.manager(name == "grpc" ? GRPCProtocol() : GRPCWebProtocol())
                var options = CallOptions()
                options.retryPolicy = .always(attempts: 3, initialBackoff: .milliseconds(10))
                let answer = try await manager.postForResponse("/test.Flaky/Once", Google_Protobuf_StringValue("hi"), as: Google_Protobuf_StringValue.self,
                                                               options: options)
                #expect(answer.output.value == "hi" && answer.metadata.attempts == 2)
            }
        }

        @Test("curl over h2c sees the bytes: the framed message, then trailers with grpc-status, a percent-encoded grpc-message and the details")
        func curlBytes() async throws {
            let odd = ServiceDefinition(name: "test.Odd", methods: [
                .unary("/test.Odd/Fail", Google_Protobuf_StringValue.self, Google_Protobuf_StringValue.self) { request, _ in
                    throw ProtoHTTPError(code: .failedPrecondition, message: "café 100%\r\nnext",
                                         details: [ErrorDetail(type: Google_Protobuf_StringValue.protoMessageName, value: request.serializedBytes())])
                },
                .unary("/test.Odd/Echo", Google_Protobuf_StringValue.self, Google_Protobuf_StringValue.self) { request, _ in request },
            ])
            try await withServer(extraServices: [odd]) { server in
                try await offPool {
                    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("protohttp-grpc-curl-\(UUID().uuidString)")
                    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                    defer { try? FileManager.default.removeItem(at: folder) }
                    let request = folder.appendingPathComponent("request").path
                    try Data(GRPCFrame(payload: Google_Protobuf_StringValue("x").serializedBytes()).bytes).write(to: URL(fileURLWithPath: request))
                    func exchange(_ method: String) throws -> (head: String, body: [UInt8]) {
                        let head = folder.appendingPathComponent("head").path, body = folder.appendingPathComponent("body").path
                        let run = PythonClient.runProgram("/usr/bin/curl", [
                            "-sS", "--http2-prior-knowledge", "--max-time", "10", "-D", head, "-o", body,
                            "-H", "content-type: application/grpc", "-H", "te: trailers", "--data-binary", "@" + request,
                            "\(server.baseURL)/test.Odd/\(method)",
                        ], timeout: 20)
                        guard let run, run.status == 0 else { throw PythonClient.Failure(description: "curl failed: \(run?.stderr ?? "timed out")") }
                        return (try String(contentsOfFile: head, encoding: .utf8), Array(try Data(contentsOf: URL(fileURLWithPath: body))))
                    }
                    let echo = try exchange("Echo")
                    #expect(echo.head.hasPrefix("HTTP/2 200 \r\ncontent-type: application/grpc\r\n"), "\(echo.head)")
                    #expect(echo.head.hasSuffix("\r\ngrpc-status: 0\r\n"), "\(echo.head)")
                    #expect(echo.body == [0, 0, 0, 0, 3, 0x0A, 1, UInt8(ascii: "x")])
                    let failed = try exchange("Fail")
                    #expect(failed.body.isEmpty)
                    let trailers = failed.head.components(separatedBy: "\r\n\r\n").last ?? ""
                    #expect(trailers.hasPrefix("grpc-status: 9\r\ngrpc-message: caf%C3%A9 100%25%0D%0Anext\r\ngrpc-status-details-bin: "), "\(failed.head)")
                    let details = trailers.components(separatedBy: "grpc-status-details-bin: ").last?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
                    let status = try #require(GRPCStatusDetails.decode(details))
                    #expect(status.code == 9 && status.message == "café 100%\r\nnext")
                    #expect(status.details == [ErrorDetail(type: "google.protobuf.StringValue", value: Google_Protobuf_StringValue("x").serializedBytes())])
                }
            }
        }

        @Test("h2c connections are reused (libcurl 7.88 included); when the server has closed one, the next call still answers, over a new one")
        func connectionReuse() async throws {
            try await withServer({ $0.idleTimeout = .milliseconds(300) }) { server in
                let manager = try server.manager(GRPCProtocol())
                // 250 calls: past the 200 RST_STREAMs in 30 s that once ended libcurl 7.88's connections.
                var connections: [Int] = []
                for _ in 0..<250 {
                    let answer = try await manager.postForResponse("/test.Faults/Ping", Google_Protobuf_Empty(), as: Google_Protobuf_Empty.self)
                    #expect(answer.metadata.metrics?.httpVersion == "2")
                    connections.append(answer.metadata.metrics?.newConnections ?? -1)
                }
                #expect(connections == [1] + Array(repeating: 0, count: 249), "new connections per call: \(connections)")
                // The server closes the idle connection; the next call must not fail for it.
                #expect(await waitUntil { server.server.connectionCount == 0 })
                let after = try await manager.postForResponse("/test.Faults/Ping", Google_Protobuf_Empty(), as: Google_Protobuf_Empty.self)
                #expect(after.metadata.metrics?.httpVersion == "2")
                #expect(server.faults.pings == 251)
            }
        }

        @Test("gRPC on a transport that already holds HTTP/1.1 connections to the same origin (as make demo's managers share one): every call answers")
        func grpcAfterHTTP1OnOneTransport() async throws {
            try await withServer { server in
                let connect = try server.manager(ConnectProtocol())
                let grpc = try server.manager(GRPCProtocol())
                let options = CallOptions(timeout: .seconds(5))
                for _ in 0..<3 {
                    _ = try await connect.post("/test.Faults/Ping", Google_Protobuf_Empty(), as: Google_Protobuf_Empty.self, options: options)
                }
                for round in 1...6 {
                    let answer = await Result { () async throws(ProtoHTTPError) in
                        try await grpc.postForResponse("/test.Faults/Ping", Google_Protobuf_Empty(), as: Google_Protobuf_Empty.self, options: options)
                    }
                    #expect((try? answer.get())?.metadata.metrics?.httpVersion == "2", "gRPC call \(round): \(String(describing: answer.error))")
                    let plain = await Result { () async throws(ProtoHTTPError) in
                        try await connect.post("/test.Faults/Ping", Google_Protobuf_Empty(), as: Google_Protobuf_Empty.self, options: options)
                    }
                    #expect(plain.error == nil, "Connect call after gRPC call \(round): \(String(describing: plain.error))")
                }
                #expect(server.faults.pings == 15)
            }
        }

        @Test("cancelling a gRPC or gRPC-Web call ends it canceled at once, and the server cancels its handler",
              arguments: ["grpc", "grpcweb"])
        func cancel(_ name: String) async throws {
            try await withServer { server in
                // No call timeout: nothing but the cancel itself may end the stream. (On libcurl 7.88
                // the RST_STREAM waited for the connection's next request; the connection now closes.)
                var configuration = ManagerConfiguration(baseURL: server.baseURL)
                configuration.wireProtocol = name == "grpc" ? GRPCProtocol() : GRPCWebProtocol()
                configuration.timeout = nil
                let manager = try ProtoHTTPManager(configuration: configuration, transport: server.transport)
                let call = Task { () async -> ProtoHTTPError? in
                    do {
                        _ = try await manager.post("/test.Faults/Slow", Google_Protobuf_Int32Value(Int32(-1)), as: Google_Protobuf_Empty.self)
                        return nil
                    } catch {
                        return error as? ProtoHTTPError
                    }
                }
                #expect(await waitUntil { server.faults.events.contains("slow started") })
                call.cancel()
                #expect(await call.value?.code == .canceled)
                #expect(await waitUntil { server.faults.events.contains("slow cancelled") }, "\(server.faults.events)")
            }
        }

        @Test("a gRPC request carries no Accept or Accept-Encoding (gRPC negotiates with grpc-accept-encoding); gRPC-Web keeps libcurl's",
              arguments: ["grpc", "grpcweb"])
        func contentNegotiation(_ name: String) async throws {
            let seen = ServiceDefinition(name: "test.Seen", methods: [
                .unary("/test.Seen/Headers", Google_Protobuf_Empty.self, Google_Protobuf_StringValue.self) { _, context in
                    Google_Protobuf_StringValue(context.requestHeaders.map(\.name.canonicalName).joined(separator: ","))
                },
            ])
            try await withServer(extraServices: [seen]) { server in
                let manager = try server.manager(name == "grpc" ? GRPCProtocol() : GRPCWebProtocol())
                let names = try await manager.post("/test.Seen/Headers", Google_Protobuf_Empty(), as: Google_Protobuf_StringValue.self).value
                    .split(separator: ",").map(String.init)
                #expect(names.contains("grpc-accept-encoding") && names.contains("content-type"), "\(names)")
                if name == "grpc" {
                    #expect(!names.contains("accept") && !names.contains("accept-encoding"), "\(names)")
                    #expect(names.contains("te"), "\(names)")
                } else {
                    #expect(names.contains("accept-encoding"), "\(names)")
                }
            }
        }

        @Test("grpc-timeout is the handler's deadline: the call ends deadline_exceeded and the handler is cancelled")
        func deadline() async throws {
            try await withServer { server in
                let manager = try server.manager(GRPCProtocol())
                let slow = await Result { () async throws(ProtoHTTPError) in
                    try await manager.post("/test.Faults/Slow", Google_Protobuf_Int32Value(Int32(-1)), as: Google_Protobuf_Empty.self,
                                           options: CallOptions(timeout: .milliseconds(300)))
                }
                #expect(slow.error?.code == .deadlineExceeded)
                #expect(await waitUntil { server.faults.events.contains("slow cancelled") }, "\(server.faults.events)")
            }
        }

        @Test("gRPC over HTTP/1.1 is refused with 505 and grpc-status; broken bodies, timeouts and compressions get clear gRPC errors")
        func refusals() async throws {
            try await withServer { server in
                let message = Array("\u{0A}\u{02}n1".utf8)
                let framed = GRPCFrame(payload: message).bytes
                let http1 = try await RawConnection.exchange(port: server.port, "/notes.Notes/GetNote", headers: [("Content-Type", "application/grpc")], body: framed)
                #expect(http1.status == 505)
                #expect(http1.headers[.grpcStatus] == "12")
                #expect(String(decoding: http1.body, as: UTF8.self).contains("gRPC needs HTTP/2"))

                // gRPC-Web over HTTP/1.1: each refusal is HTTP 200 with the status in the trailer frame.
                func webStatus(_ body: [UInt8], _ headers: [(String, String)] = []) async throws -> (String?, String?) {
                    let reply = try await RawConnection.exchange(port: server.port, "/notes.Notes/GetNote",
                                                                 headers: [("Content-Type", "application/grpc-web+proto")] + headers, body: body)
                    #expect(reply.status == 200)
                    let frames = try GRPCFrame.parse(reply.body).get()
                    let trailers = frames.last.flatMap { $0.isTrailers ? GRPCWebTrailers.decode($0.payload) : nil }
                    return (trailers?[.grpcStatus], trailers?[.grpcMessage].map(GRPCStatusMessage.decode))
                }
                let truncated = try await webStatus(Array(framed.dropLast()))
                #expect(truncated.0 == "3" && truncated.1?.contains("announces 4 bytes but only 3 follow") == true, "\(truncated)")
                let twice = try await webStatus(framed + framed)
                #expect(twice.0 == "3" && twice.1?.contains("2 messages") == true, "\(twice)")
                let badTimeout = try await webStatus(framed, [("grpc-timeout", "1.5S")])
                #expect(badTimeout.0 == "3" && badTimeout.1?.contains("grpc-timeout") == true, "\(badTimeout)")
                let compressed = GRPCFrame(flags: GRPCFrame.compressedFlag, payload: message).bytes
                let brotli = try await webStatus(compressed, [("grpc-encoding", "br")])
                #expect(brotli.0 == "12" && brotli.1?.contains("\"br\"") == true, "\(brotli)")
                let unnamed = try await webStatus(compressed)
                #expect(unnamed.0 == "13", "\(unnamed)")
                // The text form must be base64; a message over maxRequestBodySize is resource_exhausted.
                let text = try await RawConnection.exchange(port: server.port, "/notes.Notes/GetNote",
                                                            headers: [("Content-Type", "application/grpc-web-text")], body: Array("%%%%".utf8))
                let textTrailers = try #require(GRPCBinaryHeader.decode(String(decoding: text.body, as: UTF8.self)))
                #expect(String(decoding: textTrailers, as: UTF8.self).contains("grpc-status: 3\r\n"), "\(String(decoding: textTrailers, as: UTF8.self))")
                let oversize = [0, 0x7F, 0, 0, 0] + message
                let tooLarge = try await webStatus(oversize)
                #expect(tooLarge.0 == "8" && tooLarge.1?.contains("limit") == true, "\(tooLarge)")
                let found = try await webStatus(framed)
                #expect(found.0 == "5", "\(found)")  // not_found: n1 does not exist, but the call was served
            }
        }
    }
}
