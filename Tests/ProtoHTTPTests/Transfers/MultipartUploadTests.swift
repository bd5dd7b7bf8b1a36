// MultipartUploadTests.swift: multipart/form-data uploads checked by python-multipart's streaming parser: every part kind, a 256 MiB streamed file, bad forms.
import Foundation
import Synchronization
import Testing
import ProtoHTTPDemo
@testable import ProtoHTTP
import ProtoHTTPCore

/// What `multipart_upload_server.py` reports about an upload.
struct UploadReport: Decodable, Sendable {
    struct Part: Decodable, Sendable {
        var name: String?
        var filename: String?
        var content_type: String?
        var headers: [String: String]
        var size: Int
        var sha256: String
        var text: String?
    }
    var method: String
    var content_type: String
    var bytes: Int
    var parts: [Part]
}

@Suite("Multipart uploads", .serialized)
struct MultipartUploadTests {
    func ping(_ text: String) -> Protohttp_Rpctest_PingRequest { .sample(text, number: 7) }

    @Test("bytes, text, binary and JSON messages, a file and extra part headers arrive as sent, through the typed response serializer")
    func everyPartKind() async throws {
        let peer = try await PeerServer.startMultipartPeer()
        defer { peer.stop() }
        let folder = try makeTransferFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/notes.bin"
        try writeRandomFile(file, bytes: 100_000)
        let manager = try ProtoHTTPManager(configuration: ManagerConfiguration(baseURL: peer.baseURL), transport: makeTransport())

        var form = MultipartForm()
        form.append(.bytes("raw", [0, 1, 2, 255], fileName: "raw.bin"))
        form.append(.string("title", "Grüße, \"quoted\""))
        form.append(try .message("binary", ping("hello")))
        form.append(try .message("json", ping("hello"), encoding: .json, fileName: "ping.json"))
        form.append(.file("attachment", path: file, contentType: "application/x-test"))
        form.append(MultipartPart(name: "empty", content: .bytes([]), headers: [.named("X-Part-Note"): "kept"]))
        let response = try await manager.upload("/upload", form: form, responseSerializer: .json(UploadReport.self))
        let report = response.output

        #expect(report.method == "POST")
        #expect(report.content_type.hasPrefix("multipart/form-data; boundary="))
        try #require(report.parts.count == 6)
        let (raw, title, binary, json, attachment, empty) = (report.parts[0], report.parts[1], report.parts[2], report.parts[3], report.parts[4], report.parts[5])
        #expect(raw.name == "raw" && raw.filename == "raw.bin" && raw.content_type == "application/octet-stream" && raw.size == 4)
        #expect(title.name == "title" && title.filename == nil && title.content_type == nil)
        #expect(title.text == "Grüße, \"quoted\"")
        #expect(binary.content_type == "application/x-protobuf")
        #expect(binary.size == ping("hello").serializedBytes().count)
        #expect(json.content_type == "application/json" && json.filename == "ping.json")
        #expect(try Protohttp_Rpctest_PingRequest(jsonString: json.text ?? "") == ping("hello"))
        #expect(attachment.filename == "notes.bin" && attachment.content_type == "application/x-test")
        #expect(attachment.size == 100_000)
        #expect(attachment.sha256 == (try sha256sum(file)))
        #expect(empty.size == 0 && empty.headers["x-part-note"] == "kept")
        await expectNoLeaks(manager.transport)
    }

    @Test("a 256 MiB file part is streamed: the server's SHA-256 matches, the client's RSS grows by less than 32 MiB, upload progress is monotonic and ends at the total; the manager's default deadline does not cut it")
    func largeFileIsStreamed() async throws {
        let peer = try await PeerServer.startMultipartPeer()
        defer { peer.stop() }
        let folder = try makeTransferFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let size = 256 << 20
        let file = folder + "/large.bin"
        try writeRandomFile(file, bytes: size)
        let expected = try sha256sum(file)
        // The manager's default deadline is for RPCs: an upload outlives it (it is stall-bounded).
        var configuration = ManagerConfiguration(baseURL: peer.baseURL)
        configuration.timeout = .milliseconds(20)  // 256 MiB cannot cross loopback in 20 ms
        let manager = try ProtoHTTPManager(configuration: configuration, transport: makeTransport())
        let form = MultipartForm([.string("kind", "large"), .file("blob", path: file)])

        let reports = Mutex<[TransferProgress]>([])
        let started = ContinuousClock.now
        let options = CallOptions().withProgress { report in
            if report.direction == .upload { reports.withLock { $0.append(report) } }
        }
        let before = residentBytes()
        let sampler = PeakRSS()
        let response = try await manager.upload("/upload", form: form, responseSerializer: .json(UploadReport.self), options: options)
        let growth = sampler.stop() - before
        #expect(ContinuousClock.now - started > .milliseconds(20), "the upload outlasted the manager's default timeout")

        let blob = try #require(response.output.parts.last)
        #expect(blob.size == size)
        #expect(blob.sha256 == expected)
        #expect(response.output.bytes > size, "the body holds the file and the part headers")
        let growths = try await peakGrowths(first: growth, bound: 32 << 20) { _ in
            let again = try await manager.upload("/upload", form: form, responseSerializer: .json(UploadReport.self),
                                                 options: CallOptions(timeout: .seconds(120)))
            #expect(again.output.parts.last?.sha256 == expected)
        }
        #expect((growths.min() ?? .max) < 32 << 20, "RSS grew by \(growths.map { $0 >> 20 }) MiB while uploading 256 MiB")
        let progress = reports.withLock { $0 }
        #expect(progress.count >= 2, "a multi-second upload reports more than its final value")
        #expect(zip(progress, progress.dropFirst()).allSatisfy { $0.completedBytes <= $1.completedBytes }, "monotonic")
        let last = try #require(progress.last)
        #expect(last.totalBytes == Int64(response.output.bytes) && last.completedBytes == last.totalBytes, "ends at the whole body")
    }

    @Test("PUT keeps its method; the form is rebuilt for a retried attempt")
    func putAndRetry() async throws {
        let peer = try await PeerServer.startMultipartPeer()
        defer { peer.stop() }
        let transport = try makeTransport()
        let form = MultipartForm([.string("a", "1")])
        let response = try await transport.send(TransportRequest(method: "PUT", url: peer.baseURL + "/upload", multipart: form))
        #expect(response.status == 200)
        let report = try JSONDecoder().decode(UploadReport.self, from: Data(response.body))
        #expect(report.method == "PUT" && report.parts.first?.text == "1")
        // The same request value sent twice (as a retry does) builds the form twice.
        let again = try await transport.send(TransportRequest(method: "PUT", url: peer.baseURL + "/upload", multipart: form))
        #expect(again.status == 200)
        await expectNoLeaks(transport)
    }

    @Test("a missing file, a directory, a line break in a name, an empty form and a multipart GET fail with clear errors before sending")
    func badForms() async throws {
        let peer = try await PeerServer.startMultipartPeer()
        defer { peer.stop() }
        let folder = try makeTransferFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let manager = try ProtoHTTPManager(configuration: ManagerConfiguration(baseURL: peer.baseURL), transport: makeTransport())
        func failure(_ form: MultipartForm) async -> ProtoHTTPError? {
            do {
                _ = try await manager.upload("/upload", form: form, responseSerializer: .raw)
                return nil
            } catch {
                return error
            }
        }
        let missing = folder + "/nope.bin"
        let noFile = await failure(MultipartForm([.string("a", "1"), .file("doc", path: missing)]))
        #expect(noFile?.code == .invalidArgument)
        #expect(noFile?.message.contains(missing) == true && noFile?.message.contains("No such file or directory") == true)
        #expect(noFile?.message.contains("multipart part 1 (\"doc\")") == true)

        let directory = await failure(MultipartForm([.file("dir", path: folder)]))
        #expect(directory?.code == .invalidArgument && directory?.message.contains("not a regular file") == true)

        let injected = await failure(MultipartForm([.string("a\r\nX-Evil: 1", "v")]))
        #expect(injected?.code == .invalidArgument && injected?.message.contains("line break") == true)

        let empty = await failure(MultipartForm())
        #expect(empty?.code == .invalidArgument && empty?.message.contains("no parts") == true)

        let transport = try makeTransport()
        do {
            _ = try await transport.send(TransportRequest(method: "GET", url: peer.baseURL + "/upload", multipart: MultipartForm([.string("a", "1")])))
            Issue.record("a multipart GET was sent")
        } catch {
            #expect(error.code == .invalidArgument && error.message.contains("cannot carry a multipart form"))
        }
        do {
            _ = try await transport.send(TransportRequest(url: peer.baseURL + "/upload", body: [1], multipart: MultipartForm([.string("a", "1")])))
            Issue.record("a request with a body and a form was sent")
        } catch {
            #expect(error.code == .invalidArgument && error.message.contains("both a body and a multipart form"))
        }
        // The manager and transport are still usable after the rejected forms.
        let ok = try await manager.upload("/upload", form: MultipartForm([.string("a", "1")]), responseSerializer: .json(UploadReport.self))
        #expect(ok.output.parts.count == 1)
        await expectNoLeaks(manager.transport)
        await expectNoLeaks(transport)
    }
}
