// TransfersArticleTests.swift: the examples of the DocC article "Transfers" (multipart upload, progress, resumable download), run as written.
import Foundation
import ProtoHTTPTestSupport
import Synchronization
import Testing
@testable import ProtoHTTP

/// What the article's examples print.
private let printed = PrintedLines()
private func print(_ items: Any..., separator: String = " ") { printed.append(items, separator: separator) }

@Suite("Article: transfers", .serialized)
struct TransfersArticleTests {
    @Test("Multipart upload: text, a JSON message and a streamed file, by callback; then PUT, async")
    func upload() async throws {
        printed.reset()
        let peer = try await PeerServer.startMultipartPeer()
        defer { peer.stop() }
        let folder = try makeTransferFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let photoPath = folder + "/IMG_0042.jpg"
        try writeRandomFile(photoPath, bytes: 64 << 10)
        let manager = try ProtoHTTPManager(configuration: ManagerConfiguration(baseURL: peer.baseURL), transport: makeTransport())
        let photoInfo = Protohttp_Rpctest_PingRequest.sample("beach", number: 42)

        var form = MultipartForm()
        form.append(.string("album", "Holidays 2026"))
        form.append(try .message("meta", photoInfo, encoding: .json))          // application/json part
        form.append(.file("photo", path: photoPath, contentType: "image/jpeg"))  // streamed from disk
        manager.upload("/v1/photos", form: form, responseSerializer: .json(UploadReport.self),  // a Decodable of yours
                       success: { report, _ in print(report.parts.count) }, failure: { error in print(error) })

        // Any method and serializer pair: PUT, async.
        let stored = try await manager.request(.put, "/v1/photos/42", input: form, requestSerializer: .multipart,
                                               responseSerializer: .raw)

        #expect(await printed.waitFor(1) == ["3"])
        let put = try JSONDecoder().decode(UploadReport.self, from: Data(stored.output))
        #expect(put.method == "PUT" && put.parts.map { $0.name ?? "" } == ["album", "meta", "photo"])
        #expect(put.parts[2].filename == "IMG_0042.jpg" && put.parts[2].content_type == "image/jpeg")
        #expect(put.parts[2].size == 64 << 10)
    }

    @Test("Uploading a file as the body: PUT by callback, then POST async")
    func fileBody() async throws {
        printed.reset()
        let peer = try await PeerServer.startMultipartPeer()
        defer { peer.stop() }
        let folder = try makeTransferFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let backupPath = folder + "/today.tar"
        try writeRandomFile(backupPath, bytes: 200_000)
        let manager = try ProtoHTTPManager(configuration: ManagerConfiguration(baseURL: peer.baseURL), transport: makeTransport())

        manager.upload("/files/backups/today.tar", file: backupPath, contentType: "application/x-tar", method: .put,
                       responseSerializer: .raw,
                       success: { _, metadata in print(metadata.status) }, failure: { error in print(error) })

        // async, POST, application/octet-stream
        let sent = try await manager.upload("/files/backups/today.tar", file: backupPath, responseSerializer: .raw)

        #expect(await printed.waitFor(1) == ["200"])
        let report = try JSONDecoder().decode(RawUploadReport.self, from: Data(sent.output))
        #expect(report.method == "POST" && report.content_type == "application/octet-stream")
        let expected = try sha256sum(backupPath)
        #expect(report.bytes == 200_000 && report.sha256 == expected)
    }

    @Test("Progress: a handler on a POST, and a stream on an async GET")
    func progress() async throws {
        printed.reset()
        let server = try await TestServer.start()
        defer { server.stop() }
        let manager = try ProtoHTTPManager(configuration: ManagerConfiguration(baseURL: server.url("")), transport: makeTransport())
        let bytes = [UInt8](repeating: 1, count: 2 << 20)

        var options = CallOptions()
        options.progress = ProgressHandler { p in                // or: CallOptions().withProgress { … }
            print(p.direction, p.completedBytes, p.totalBytes ?? -1, p.fractionCompleted ?? 0)
        }
        manager.post("/v1/uploads", input: bytes, requestSerializer: .raw, responseSerializer: .raw, options: options,
                     success: { _, _ in }, failure: { _ in })

        // async: a stream that finishes when the call ends
        let (streamOptions, progress) = CallOptions().withProgressStream()
        async let reply = manager.request(.get, "/files/big.bin", input: [:], requestSerializer: .formURLEncoded,
                                          responseSerializer: .raw, options: streamOptions)
        for await p in progress { print("\(p.completedBytes) of \(p.totalBytes ?? -1)") }
        let body = try await reply.output

        #expect(body.count == 1 << 20)
        #expect(printed.all.contains("\(1 << 20) of \(1 << 20)"), "the stream's last report is the whole body")
        // The POST's reports: its last upload report is the whole request body.
        #expect(await waitUntil { printed.all.contains("upload \(2 << 20) \(2 << 20) 1.0") })
    }

    @Test("Downloading a file: callback form with progress, cancel, then the async call resumes")
    func download() async throws {
        printed.reset()
        let server = try await NginxFileServer.start()
        defer { server.stop() }
        let folder = try makeTransferFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try writeRandomFile(server.filePath("big.bin"), bytes: 8 << 20)
        let expectedHex = try sha256sum(server.filePath("big.bin"))
        // The first answer stops after 1 MiB of body (and nginx's headers, under 1 KiB) until the
        // client has cancelled: the cancel lands mid-body on any machine, at any load.
        let proxy = try await GateProxy.start(upstreamPort: server.port, holdAfter: (1 << 20) + 1024)
        defer { proxy.stop() }
        let manager = try ProtoHTTPManager(configuration: ManagerConfiguration(baseURL: proxy.url("")), transport: makeTransport())
        let path = folder + "/big.bin"

        let destination = DownloadDestination(path, sha256: expectedHex)   // or just DownloadDestination(path)
        let handle = manager.download("/files/big.bin", to: destination,
                                      options: CallOptions().withProgress { print($0.fractionCompleted ?? 0) },
                                      success: { file in print(file.path, file.bytes, file.resumed, file.sha256 ?? "") },
                                      failure: { error in print(error) })     // e.g. data_loss: "… has SHA-256 …, not the expected …"

        _ = try await proxy.waitUntilHeld()
        // The held bytes reached the client's file once progress reports them (an eighth of 8 MiB).
        #expect(await waitUntil { printed.all.contains { Double($0).map { $0 >= 0.125 } ?? false } }, "progress reached 1 MiB")
        handle.cancel()                                                        // leaves <path>.partial to resume from
        #expect(await waitUntil { printed.all.contains { $0.hasPrefix("canceled") } })

        let file = try await manager.download("/files/big.bin", to: destination)   // the same call resumes

        #expect(file.bytes == 8 << 20 && file.sha256 == expectedHex)
        #expect(file.resumed, "the cancelled call left at least 1 MiB to resume from")
        #expect(try sha256sum(destination.path) == expectedHex)
    }
}
