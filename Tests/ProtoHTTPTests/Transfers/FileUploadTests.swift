// FileUploadTests.swift: a file streamed as the whole request body (upload(file:)), checked by a Python peer that hashes what arrives.
import Foundation
import Synchronization
import Testing
@testable import ProtoHTTP
import ProtoHTTPCore

/// What `multipart_upload_server.py` reports about a body sent to `/files/…`.
struct RawUploadReport: Decodable, Sendable {
    var method: String
    var path: String
    var content_type: String?
    var bytes: Int
    var content_length: Int?
    var sha256: String
}

@Suite("File uploads", .serialized)
struct FileUploadTests {
    @Test("a 128 MiB file is streamed as the body: the peer's SHA-256 and Content-Length match, RSS grows by less than 32 MiB, upload progress is monotonic and ends at the file's size")
    func largeFileIsStreamed() async throws {
        let peer = try await PeerServer.startMultipartPeer()
        defer { peer.stop() }
        let folder = try makeTransferFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let size = 128 << 20
        let file = folder + "/large.bin"
        try writeRandomFile(file, bytes: size)
        let expected = try sha256sum(file)
        var configuration = ManagerConfiguration(baseURL: peer.baseURL)
        configuration.timeout = .milliseconds(20)  // the default deadline is for RPCs: an upload outlives it
        let manager = try ProtoHTTPManager(configuration: configuration, transport: makeTransport())

        let reports = Mutex<[TransferProgress]>([])
        let options = CallOptions().withProgress { report in
            if report.direction == .upload { reports.withLock { $0.append(report) } }
        }
        let before = residentBytes()
        let sampler = PeakRSS()
        let response = try await manager.upload("/files/large.bin", file: file, responseSerializer: .json(RawUploadReport.self), options: options)
        let growth = sampler.stop() - before

        #expect(response.output.method == "POST" && response.output.path == "/files/large.bin")
        #expect(response.output.content_type == "application/octet-stream")
        #expect(response.output.content_length == size && response.output.bytes == size)
        #expect(response.output.sha256 == expected)
        #expect(response.metadata.metrics?.bodyBytesSent == Int64(size))
        let growths = try await peakGrowths(first: growth, bound: 32 << 20) { _ in
            let again = try await manager.upload("/files/large.bin", file: file, responseSerializer: .json(RawUploadReport.self))
            #expect(again.output.sha256 == expected)
        }
        #expect((growths.min() ?? .max) < 32 << 20, "RSS grew by \(growths.map { $0 >> 20 }) MiB while uploading 128 MiB")
        let progress = reports.withLock { $0 }
        #expect(zip(progress, progress.dropFirst()).allSatisfy { $0.completedBytes <= $1.completedBytes }, "monotonic")
        let last = try #require(progress.last)
        #expect(last.completedBytes == Int64(size) && last.totalBytes == Int64(size), "ends at the file's size")
        await expectNoLeaks(manager.transport)
    }

    @Test("PUT and PATCH keep their method and content type; an empty file sends Content-Length 0; a 307 sends the file again from its start")
    func methodsEmptyAndRedirect() async throws {
        let peer = try await PeerServer.startMultipartPeer()
        defer { peer.stop() }
        let folder = try makeTransferFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/today.tar"
        try writeRandomFile(file, bytes: 3 << 20)
        let expected = try sha256sum(file)
        let transport = try makeTransport { $0.followRedirects = true }
        let manager = try ProtoHTTPManager(configuration: ManagerConfiguration(baseURL: peer.baseURL), transport: transport)

        let put = try await manager.upload("/files/today.tar", file: file, contentType: "application/x-tar", method: .put,
                                           responseSerializer: .json(RawUploadReport.self))
        #expect(put.output.method == "PUT" && put.output.content_type == "application/x-tar")
        #expect(put.output.sha256 == expected && put.output.bytes == 3 << 20)

        let patch = try await manager.upload("/files/today.tar", file: file, contentType: nil, method: .patch,
                                             responseSerializer: .json(RawUploadReport.self))
        #expect(patch.output.method == "PATCH" && patch.output.content_type == nil && patch.output.sha256 == expected)

        let empty = folder + "/empty"
        #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
        let nothing = try await manager.upload("/files/empty", file: empty, responseSerializer: .json(RawUploadReport.self))
        #expect(nothing.output.content_length == 0 && nothing.output.bytes == 0)

        // The peer reads the body and answers 307: libcurl, following it, rewinds the file and sends it whole again.
        let redirected = try await manager.upload("/redirect/moved.tar", file: file, method: .put, responseSerializer: .json(RawUploadReport.self))
        #expect(redirected.output.path == "/files/moved.tar" && redirected.output.method == "PUT")
        #expect(redirected.output.sha256 == expected && redirected.output.bytes == 3 << 20)
        // A request with a secret header has its redirects followed by the transport, not libcurl:
        // the next hop opens the file again.
        var secret = TransportRequest(method: .put, url: peer.baseURL + "/redirect/secret.tar", headers: [.xAPIKey: "k"])
        secret.uploadFile = file
        let hop = try JSONDecoder().decode(RawUploadReport.self, from: Data(try await transport.send(secret).body))
        #expect(hop.path == "/files/secret.tar" && hop.sha256 == expected && hop.bytes == 3 << 20)
        await expectNoLeaks(manager.transport)
    }

    @Test("a missing file, a directory, an empty path, a GET with a file and a file beside a body fail with clear errors before sending; the manager stays usable")
    func badFiles() async throws {
        let peer = try await PeerServer.startMultipartPeer()
        defer { peer.stop() }
        let folder = try makeTransferFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let manager = try ProtoHTTPManager(configuration: ManagerConfiguration(baseURL: peer.baseURL), transport: makeTransport())
        func failure(_ path: String, method: HTTPMethod = .post) async -> ProtoHTTPError? {
            do {
                _ = try await manager.upload("/files/x", file: path, method: method, responseSerializer: .raw)
                return nil
            } catch {
                return error
            }
        }
        let missing = folder + "/nope.bin"
        let noFile = await failure(missing)
        #expect(noFile?.code == .invalidArgument)
        #expect(noFile?.message.contains(missing) == true && noFile?.message.contains("No such file or directory") == true)

        let directory = await failure(folder)
        #expect(directory?.code == .invalidArgument && directory?.message.contains("not a regular file") == true)

        let unnamed = await failure("")
        #expect(unnamed?.code == .invalidArgument && unnamed?.message.contains("empty path") == true)

        let file = folder + "/small.bin"
        try writeRandomFile(file, bytes: 10)
        let get = await failure(file, method: .get)
        #expect(get?.code == .invalidArgument)

        let transport = try makeTransport()
        var both = TransportRequest(url: peer.baseURL + "/files/x", body: [1])
        both.uploadFile = file
        do {
            _ = try await transport.send(both)
            Issue.record("a request with a body and a file was sent")
        } catch {
            #expect(error.code == .invalidArgument && error.message.contains("set only one of"))
        }
        var viaGet = TransportRequest(method: .get, url: peer.baseURL + "/files/x")
        viaGet.uploadFile = file
        do {
            _ = try await transport.send(viaGet)
            Issue.record("a GET with a file body was sent")
        } catch {
            #expect(error.code == .invalidArgument && error.message.contains("cannot carry a file body"))
        }

        let fine = try await manager.upload("/files/small.bin", file: file, responseSerializer: .json(RawUploadReport.self))
        let small = try sha256sum(file)
        #expect(fine.output.bytes == 10 && fine.output.sha256 == small)
        await expectNoLeaks(manager.transport)
        await expectNoLeaks(transport)
    }
}
