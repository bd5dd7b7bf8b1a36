// ReadmeTransfersTests.swift: the README's "Multipart upload", "Progress" and "Downloading a file (with resume)" examples, compiled and run.
import Foundation
import ProtoHTTPTestSupport
import Synchronization
import Testing
@testable import ProtoHTTP

@Suite("README: uploads, progress and downloads", .serialized)
struct ReadmeTransfersTests {
    @Test("Multipart upload: text, a JSON message and a streamed file, by callback; then PUT, async")
    func upload() async throws {
        let peer = try await PeerServer.startMultipartPeer()
        defer { peer.stop() }
        let folder = try makeTransferFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try writeRandomFile(folder + "/IMG_0042.jpg", bytes: 64 << 10)
        let manager = try ProtoHTTPManager(configuration: ManagerConfiguration(baseURL: peer.baseURL), transport: makeTransport())
        let photoInfo = Protohttp_Rpctest_PingRequest.sample("beach", number: 42)
        let outcome = Mutex<UploadReport?>(nil)

        // As in the README (/upload for /v1/photos; the peer's JSON report for the reply).
        var form = MultipartForm()
        form.append(.string("album", "Holidays 2026"))
        form.append(try .message("meta", photoInfo, encoding: .json))
        form.append(.file("photo", path: folder + "/IMG_0042.jpg", contentType: "image/jpeg"))
        manager.upload("/upload", form: form, responseSerializer: .json(UploadReport.self),
                       success: { reply, _ in outcome.withLock { $0 = reply } }, failure: { error in Issue.record("\(error)") })
        let stored = try await manager.request(.put, "/upload", input: form, requestSerializer: .multipart,
                                               responseSerializer: .raw)

        #expect(await waitUntil { outcome.withLock { $0 } != nil })
        let reply = try #require(outcome.withLock { $0 })
        #expect(reply.parts.map { $0.name ?? "" } == ["album", "meta", "photo"])
        #expect(reply.parts[2].filename == "IMG_0042.jpg" && reply.parts[2].content_type == "image/jpeg")
        #expect(reply.parts[2].size == 64 << 10)
        let put = try JSONDecoder().decode(UploadReport.self, from: Data(stored.output))
        #expect(put.method == "PUT" && put.parts.count == 3)
    }

    @Test("Progress: a handler on a POST, and a stream on an async GET")
    func progress() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let manager = try ProtoHTTPManager(configuration: ManagerConfiguration(baseURL: server.url("")), transport: makeTransport())
        let bytes = [UInt8](repeating: 1, count: 2 << 20)
        let seen = Mutex<[TransferProgress]>([])
        let done = Mutex(false)

        // As in the README (/echo for /upload, /big for /files/big.bin; print becomes a record).
        var options = CallOptions()
        options.progress = ProgressHandler { p in
            seen.withLock { $0.append(p) }
        }
        manager.post("/echo", input: bytes, requestSerializer: .raw, responseSerializer: .raw, options: options,
                     success: { _, _ in done.withLock { $0 = true } }, failure: { _ in done.withLock { $0 = true } })

        let (streamOptions, progress) = CallOptions().withProgressStream()
        async let reply = manager.request(.get, "/big?size=\(3 << 20)", input: [:], requestSerializer: .formURLEncoded,
                                          responseSerializer: .raw, options: streamOptions)
        var last: TransferProgress?
        for await p in progress { last = p }
        let body = try await reply.output

        #expect(body.count == 3 << 20)
        #expect(last == TransferProgress(direction: .download, completedBytes: 3 << 20, totalBytes: 3 << 20))
        #expect(await waitUntil { done.withLock { $0 } })
        #expect(seen.withLock { $0.last { $0.direction == .upload } } == TransferProgress(direction: .upload, completedBytes: 2 << 20, totalBytes: 2 << 20))
    }

    @Test("Downloading a file: callback form with progress, cancel, then the async call resumes")
    func download() async throws {
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
        let outcome = Mutex<String?>(nil)
        let arrived = Mutex<Int64>(0)

        // As in the README, with /data/ in a temporary folder (the progress print records the bytes).
        let destination = DownloadDestination(folder + "/big.bin", sha256: expectedHex)
        let handle = manager.download("/files/big.bin", to: destination,
                                      options: CallOptions().withProgress { p in arrived.withLock { $0 = max($0, p.completedBytes) } },
                                      success: { file in outcome.withLock { $0 = "\(file.path) \(file.bytes)" } },
                                      failure: { error in outcome.withLock { $0 = "\(error.code)" } })
        _ = try await proxy.waitUntilHeld()
        // The held bytes reached the client's file once progress reports them.
        #expect(await waitUntil { arrived.withLock { $0 } >= 1 << 20 }, "progress reached 1 MiB")
        handle.cancel()
        #expect(await waitUntil { outcome.withLock { $0 } != nil })
        #expect(outcome.withLock { $0 } == "canceled")

        let file = try await manager.download("/files/big.bin", to: destination)
        #expect(file.bytes == 8 << 20 && file.sha256 == expectedHex)
        #expect(file.resumed, "the cancelled call left at least 1 MiB to resume from")
        #expect(try sha256sum(destination.path) == expectedHex)
    }
}
