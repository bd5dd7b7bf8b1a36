// DownloadTests.swift: downloads to files against nginx: resume after cancel and a killed server, start-over cases, errors, flat memory.
import Dispatch
import Foundation
import ProtoHTTPTestSupport
import Synchronization
import Testing
@testable import ProtoHTTP
import HTTPTypes
import ProtoHTTPCore

/// One download in callback form, with a hook on its progress, awaited for its outcome.
final class DownloadRun: Sendable {
    private struct State: Sendable {
        var outcome: Result<DownloadResult, ProtoHTTPError>?
        var reports: [TransferProgress] = []
        var handle: CallHandle?
    }
    private let state = Mutex(State())

    /// Starts the download; `onProgress` runs (on the callback queue) with each report and the call's handle.
    init(_ manager: ProtoHTTPManager, _ path: String, to destination: DownloadDestination, headers: HTTPFields = [:],
         onProgress: @escaping @Sendable (TransferProgress, CallHandle?) -> Void = { _, _ in }) {
        let options = CallOptions(headers: headers).withProgress { [self] report in
            let handle = state.withLock { state in
                state.reports.append(report)
                return state.handle
            }
            onProgress(report, handle)
        }
        let started = manager.download(path, to: destination, options: options,
                                       success: { [self] result in state.withLock { $0.outcome = .success(result) } },
                                       failure: { [self] error in state.withLock { $0.outcome = .failure(error) } })
        state.withLock { $0.handle = started }
    }

    /// The outcome, once it has come (``hangGuard`` at most).
    func result() async -> Result<DownloadResult, ProtoHTTPError>? {
        await waitUntil { self.state.withLock { $0.outcome != nil } }
        return state.withLock { $0.outcome }
    }

    var reports: [TransferProgress] { state.withLock { $0.reports } }

    /// Cancels the download through its handle.
    func cancel() { state.withLock { $0.handle }?.cancel() }
}


@Suite("Downloads to files", .serialized)
struct DownloadTests {
    private func manager(_ server: NginxFileServer) throws -> ProtoHTTPManager {
        var configuration = ManagerConfiguration(baseURL: server.url(""))
        configuration.timeout = .seconds(60)
        return try ProtoHTTPManager(configuration: configuration, transport: makeTransport())
    }

    @Test("256 MiB: cancelled mid-body, then the server killed mid-body, then resumed with Range/If-Range; SHA-256 matches; RSS stays flat")
    func resumeTwice() async throws {
        let server = try await NginxFileServer.start()
        defer { server.stop() }
        let folder = try makeTransferFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let size: Int64 = 256 << 20
        try writeRandomFile(server.filePath("big.bin"), bytes: Int(size))
        let expected = try sha256sum(server.filePath("big.bin"))
        let manager = try manager(server)
        let destination = DownloadDestination(folder + "/big.bin", sha256: expected)
        let slow = HTTPFields([HTTPField(name: .named("X-Limit-Rate"), value: String(160 << 20))])
        let rss = PeakRSS()
        let rssBefore = residentBytes()

        // 1. Cancel once 32 MiB have arrived.
        let first = DownloadRun(manager, "/files/big.bin", to: destination, headers: slow) { report, handle in
            if report.completedBytes >= 32 << 20 { handle?.cancel() }
        }
        let cancelled = try #require(await first.result())
        #expect(cancelled.error?.code == .canceled)
        let afterCancel = try #require(fileSize(destination.partialPath))
        #expect(afterCancel >= 32 << 20 && afterCancel < size, "partial: \(afterCancel)")
        #expect(FileManager.default.fileExists(atPath: destination.resumeRecordPath))
        #expect(!FileManager.default.fileExists(atPath: destination.path))

        // 2. Resume, and stop the server once 128 MiB are on disk.
        let second = DownloadRun(manager, "/files/big.bin", to: destination, headers: slow) { report, _ in
            if report.completedBytes >= 128 << 20 { server.stopServer() }
        }
        let killed = try #require(await second.result())
        #expect(killed.error?.code == .unavailable, "\(String(describing: killed.error))")
        #expect(second.reports.first.map { $0.completedBytes >= afterCancel } == true, "a resumed download reports from where it left off")
        let afterKill = try #require(fileSize(destination.partialPath))
        #expect(afterKill >= 128 << 20 && afterKill < size, "partial: \(afterKill)")
        try server.restart()

        // 3. Resume to the end, at full speed.
        let third = DownloadRun(manager, "/files/big.bin", to: destination)
        let result = try #require(await third.result()).get()
        #expect(result.path == destination.path)
        #expect(result.bytes == size)
        #expect(result.resumed && result.resumedFrom == afterKill)
        #expect(result.sha256 == expected)
        #expect(result.metadata.status == 206)
        #expect(try sha256sum(destination.path) == expected)
        #expect(!FileManager.default.fileExists(atPath: destination.partialPath))
        #expect(!FileManager.default.fileExists(atPath: destination.resumeRecordPath))
        #expect(third.reports.last == TransferProgress(direction: .download, completedBytes: size, totalBytes: size))
        #expect(third.reports.allSatisfy { $0.completedBytes >= afterKill })

        let growths = try await peakGrowths(first: rss.stop() - rssBefore, bound: 32 << 20) { attempt in
            let fresh = try await manager.download("/files/big.bin", to: DownloadDestination(folder + "/again-\(attempt).bin"))
            #expect(fresh.bytes == size)
            try? FileManager.default.removeItem(atPath: fresh.path)
        }
        print("DownloadTests: peak RSS growth \(growths.map { "\($0 >> 10) KiB" }) over 256 MiB downloads")
        #expect((growths.min() ?? .max) < 32 << 20, "RSS grew by \(growths.map { $0 >> 20 }) MiB for 256 MiB downloads")
        // nginx logs a request when it ends (the one cut off by the stop never; its Range
        // shows in its progress, which started at the cancelled partial's size).
        let resumed = await server.waitForLogLine(startingWith: "206 GET /files/big.bin range=[bytes=\(afterKill)-] if-range=[\\x22")
        #expect(resumed, "\(server.accessLog())")
        await expectNoLeaks(manager.transport)
    }

    /// Downloads until `bytes` are on disk, then cancels; returns the partial file's size.
    private func interrupt(_ manager: ProtoHTTPManager, _ path: String, to destination: DownloadDestination, after bytes: Int64) async throws -> Int64 {
        let run = DownloadRun(manager, path, to: destination, headers: [.named("X-Limit-Rate"): String(8 << 20)]) { report, handle in
            if report.completedBytes >= bytes { handle?.cancel() }
        }
        #expect(try #require(await run.result()).error?.code == .canceled)
        return try #require(fileSize(destination.partialPath))
    }

    /// Regression test for a cancellation race found by `make test` (the test above failed with
    /// `aborted: another transfer is writing ….partial right now`): a cancelled download's
    /// `canceled` outcome was delivered before its transfer's abort reached the engine's inbox,
    /// and until the engine stopped that transfer its descriptor still held the destination's
    /// lock, so a download started at once (as the Transfers article's "cancel, then the async call
    /// resumes" does) could start first and fail. The handle now tells the transfer to stop
    /// before it enqueues the outcome, so the abort is always ahead of the new submission.
    @Test("a download started the moment a cancelled one to the same file reports `canceled` resumes it")
    func downloadRightAfterCancel() async throws {
        let server = try await NginxFileServer.start()
        defer { server.stop() }
        let folder = try makeTransferFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try writeRandomFile(server.filePath("again.bin"), bytes: 8 << 20)
        let expected = try sha256sum(server.filePath("again.bin"))
        let manager = try manager(server)
        for round in 0..<5 {
            let destination = DownloadDestination(folder + "/again-\(round).bin", sha256: expected)
            _ = try await interrupt(manager, "/files/again.bin", to: destination, after: 1 << 20)
            let result = try await manager.download("/files/again.bin", to: destination)
            #expect(result.bytes == 8 << 20 && result.sha256 == expected, "round \(round)")
        }
        await expectNoLeaks(manager.transport)
    }

    /// Regression test for the same message once the abort was ahead: the partial file was
    /// locked with `flock`, whose lock belongs to the open file, and a child process being
    /// spawned at that moment (the suite spawns nginx, Python peers and crash-test children
    /// all the time) held a copy of the descriptor until its exec, so the lock outlived the
    /// cancelled download. Here a child is held between its fork and its exec for the whole
    /// cancel; record locks are not inherited, so the next download goes ahead.
    @Test("a child process spawned while a download writes does not keep the file locked after a cancel")
    func spawnedChildHoldsNoLock() async throws {
        let server = try await NginxFileServer.start()
        defer { server.stop() }
        let folder = try makeTransferFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try writeRandomFile(server.filePath("held.bin"), bytes: 8 << 20)
        let expected = try sha256sum(server.filePath("held.bin"))
        let manager = try manager(server)
        let destination = DownloadDestination(folder + "/held.bin", sha256: expected)
        let run = DownloadRun(manager, "/files/held.bin", to: destination, headers: [.named("X-Limit-Rate"): String(4 << 20)])
        #expect(await waitUntil { (run.reports.last?.completedBytes ?? 0) > 0 })
        let child = try HeldSpawn()
        defer { child.release() }
        #expect(await waitUntil { HeldSpawn.childHolds(destination.partialPath) }, "the held child never showed the partial file's descriptor")
        run.cancel()
        #expect(try #require(await run.result()).error?.code == .canceled)
        let result = try await manager.download("/files/held.bin", to: destination)
        #expect(result.resumed && result.sha256 == expected)
        await expectNoLeaks(manager.transport)
    }

    @Test("a download to a file another process has locked fails with aborted, naming the file; it goes ahead once the lock is gone")
    func lockedByAnotherProcess() async throws {
        let server = try await NginxFileServer.start()
        defer { server.stop() }
        let folder = try makeTransferFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try writeRandomFile(server.filePath("shared.bin"), bytes: 1 << 20)
        let expected = try sha256sum(server.filePath("shared.bin"))
        let manager = try manager(server)
        let destination = DownloadDestination(folder + "/shared.bin", sha256: expected)
        // Python's lockf is the same POSIX record lock the download takes.
        let holder = try ChildProcess("python3", ["-c", """
            import fcntl, sys
            f = open(sys.argv[1], "a")
            fcntl.lockf(f, fcntl.LOCK_EX | fcntl.LOCK_NB)
            print("LOCKED", flush=True)
            sys.stdin.read()
            """, destination.partialPath], input: .pipe, output: .pipe)
        defer { _ = holder.stop() }
        #expect(try holder.readLine(timeout: hangGuard) == "LOCKED")
        let refused = await Result { () async throws(ProtoHTTPError) in try await manager.download("/files/shared.bin", to: destination) }
        #expect(refused.error?.code == .aborted, "\(String(describing: refused.error))")
        #expect(refused.error?.message.contains("another process is writing \(destination.partialPath)") == true)
        #expect(fileSize(destination.partialPath) == 0)  // left as the other process has it
        holder.closeInput()
        #expect(holder.wait().succeeded)
        let result = try await manager.download("/files/shared.bin", to: destination)
        #expect(result.bytes == 1 << 20 && result.sha256 == expected)
        await expectNoLeaks(manager.transport)
    }

    @Test("a server that ignores Range answers 200 to the resumed request: the download starts over and ends correct")
    func serverIgnoresRange() async throws {
        let server = try await NginxFileServer.start()
        defer { server.stop() }
        let folder = try makeTransferFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try writeRandomFile(server.filePath("plain.bin"), bytes: 8 << 20)
        let expected = try sha256sum(server.filePath("plain.bin"))
        let manager = try manager(server)
        let destination = DownloadDestination(folder + "/plain.bin", sha256: expected)
        let partial = try await interrupt(manager, "/norange/plain.bin", to: destination, after: 1 << 20)
        #expect(partial > 0)
        let result = try await manager.download("/norange/plain.bin", to: destination)
        #expect(!result.resumed && result.metadata.status == 200)
        #expect(result.bytes == 8 << 20 && result.sha256 == expected)
        let ignored = await server.waitForLogLine(startingWith: "200 GET /norange/plain.bin range=[bytes=\(partial)-] if-range=[\\x22")
        #expect(ignored, "\(server.accessLog())")
        await expectNoLeaks(manager.transport)
    }

    @Test("a changed ETag makes If-Range fail: the server sends the new file whole and the download starts over")
    func changedETag() async throws {
        let server = try await NginxFileServer.start()
        defer { server.stop() }
        let folder = try makeTransferFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = server.filePath("changing.bin")
        try writeRandomFile(file, bytes: 8 << 20)
        let manager = try manager(server)
        let destination = DownloadDestination(folder + "/changing.bin", computeSHA256: true)
        let partial = try await interrupt(manager, "/files/changing.bin", to: destination, after: 1 << 20)
        let oldRecord = try String(contentsOfFile: destination.resumeRecordPath, encoding: .utf8)
        // New content, same size, a later modification time: nginx's ETag (mtime-size) changes.
        try writeRandomFile(file, bytes: 8 << 20)
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(3600)], ofItemAtPath: file)
        let expected = try sha256sum(file)
        let result = try await manager.download("/files/changing.bin", to: destination)
        #expect(!result.resumed && result.metadata.status == 200)
        #expect(result.sha256 == expected, "the new file, not a splice of old and new")
        let refused = await server.waitForLogLine(startingWith: "200 GET /files/changing.bin range=[bytes=\(partial)-] if-range=[\\x22")
        #expect(refused, "\(server.accessLog())")
        #expect(oldRecord.contains("validator \""))
        await expectNoLeaks(manager.transport)
    }

    @Test("a partial file that is already whole (a crash before the rename) completes on the server's 416")
    func alreadyComplete() async throws {
        let server = try await NginxFileServer.start()
        defer { server.stop() }
        let folder = try makeTransferFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try writeRandomFile(server.filePath("done.bin"), bytes: 1 << 20)
        let expected = try sha256sum(server.filePath("done.bin"))
        let manager = try manager(server)
        let first = try await manager.download("/files/done.bin", to: DownloadDestination(folder + "/first.bin"))
        let etag = try #require(first.metadata.headers.firstValue(.eTag))
        // What a crash between the last byte and the rename leaves behind:
        let destination = DownloadDestination(folder + "/done.bin", sha256: expected)
        try FileManager.default.copyItem(atPath: first.path, toPath: destination.partialPath)
        ResumeRecord(url: server.url("/files/done.bin"), validator: etag).write(to: destination.resumeRecordPath)
        let (options, progress) = CallOptions().withProgressStream()
        let result = try await manager.download("/files/done.bin", to: destination, options: options)
        var reports: [TransferProgress] = []
        for await report in progress { reports.append(report) }
        #expect(reports == [TransferProgress(direction: .download, completedBytes: 1 << 20, totalBytes: 1 << 20)], "the 416's error page is not counted")
        #expect(result.resumed && result.resumedFrom == 1 << 20 && result.bytes == 1 << 20)
        #expect(result.metadata.status == 206)
        #expect(try sha256sum(destination.path) == expected)
        #expect(await server.waitForLogLine(startingWith: "416 GET /files/done.bin range=[bytes=\(1 << 20)-]"), "\(server.accessLog())")
        await expectNoLeaks(manager.transport)
    }

    @Test("under a retry policy, a connection dropped mid-body is retried and the retry continues the partial file")
    func retryResumes() async throws {
        let server = try await NginxFileServer.start()
        defer { server.stop() }
        let folder = try makeTransferFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try writeRandomFile(server.filePath("retry.bin"), bytes: 16 << 20)
        let expected = try sha256sum(server.filePath("retry.bin"))
        let manager = try manager(server)
        var options = CallOptions(headers: [.named("X-Limit-Rate"): String(16 << 20)])
        options.retryPolicy = RetryPolicy(maxAttempts: 3, initialBackoff: .milliseconds(300), jitter: 0)
        let restarted = Mutex(false)
        options = options.withProgress { report in
            // Once, at 4 MiB: drop every connection and bring the server back before the retry.
            guard report.completedBytes >= 4 << 20, !restarted.withLock({ done in defer { done = true }; return done }) else { return }
            server.stopServer()
            try? server.restart()
        }
        let result = try await manager.download("/files/retry.bin", to: DownloadDestination(folder + "/retry.bin", sha256: expected), options: options)
        #expect(result.metadata.attempts == 2)
        #expect(result.resumed && result.resumedFrom >= 4 << 20)
        #expect(result.sha256 == expected)
        await expectNoLeaks(manager.transport)
    }

    @Test("transport alone: a 2xx body goes to the file (the response's body stays empty); an error body stays in memory and creates no file")
    func transportBodyFile() async throws {
        let server = try await NginxFileServer.start()
        defer { server.stop() }
        let folder = try makeTransferFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try writeRandomFile(server.filePath("t.bin"), bytes: 3 << 20)
        let transport = try makeTransport()
        var request = TransportRequest(method: "GET", url: server.url("/files/t.bin"))
        request.bodyFile = ResponseBodyFile(path: folder + "/t.bin")
        let response = try await transport.send(request)
        #expect(response.status == 200 && response.body.isEmpty)
        #expect(response.bodyFile == WrittenBodyFile(path: folder + "/t.bin", size: 3 << 20, resumedFrom: 0))
        #expect(try sha256sum(folder + "/t.bin") == sha256sum(server.filePath("t.bin")))

        request.url = server.url("/files/none.bin")
        request.bodyFile = ResponseBodyFile(path: folder + "/none.bin")
        let missing = try await transport.send(request)
        #expect(missing.status == 404 && missing.bodyFile == nil)
        #expect(String(decoding: missing.body, as: UTF8.self).contains("404"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/none.bin"))

        request.url = server.url("/files/t.bin")
        request.bodyFile = ResponseBodyFile(path: folder + "/no-such-folder/t.bin")
        let unwritable = await Result { () async throws(ProtoHTTPError) in try await transport.send(request) }
        #expect(unwritable.error?.code == .failedPrecondition)
        #expect(unwritable.error?.message.contains("no-such-folder/t.bin: No such file or directory") == true, "\(String(describing: unwritable.error))")
        await expectNoLeaks(transport)
    }

    @Test("async: cancelling the Task leaves a resumable partial file, and the same call then resumes it")
    func taskCancellation() async throws {
        let server = try await NginxFileServer.start()
        defer { server.stop() }
        let folder = try makeTransferFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try writeRandomFile(server.filePath("task.bin"), bytes: 8 << 20)
        let expected = try sha256sum(server.filePath("task.bin"))
        let manager = try manager(server)
        let destination = DownloadDestination(folder + "/task.bin", sha256: expected)
        let (options, progress) = CallOptions(headers: [.named("X-Limit-Rate"): String(4 << 20)]).withProgressStream()
        let task = Task { () async throws -> DownloadResult in
            try await manager.download("/files/task.bin", to: destination, options: options)
        }
        for await report in progress where report.completedBytes >= 1 << 20 {
            task.cancel()
            break
        }
        #expect(protoError(await task.result)?.code == .canceled)
        let partial = try #require(fileSize(destination.partialPath))
        #expect(partial >= 1 << 20 && partial < 8 << 20)
        let result = try await manager.download("/files/task.bin", to: destination)
        #expect(result.resumedFrom == partial && result.sha256 == expected)
        await expectNoLeaks(manager.transport)
    }

    @Test("a second download to a destination being written fails with aborted and leaves the partial file to the first")
    func concurrentDownloads() async throws {
        let server = try await NginxFileServer.start()
        defer { server.stop() }
        let folder = try makeTransferFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try writeRandomFile(server.filePath("twice.bin"), bytes: 8 << 20)
        let expected = try sha256sum(server.filePath("twice.bin"))
        let manager = try manager(server)
        let destination = DownloadDestination(folder + "/twice.bin", sha256: expected)
        let first = DownloadRun(manager, "/files/twice.bin", to: destination, headers: [.named("X-Limit-Rate"): String(4 << 20)])
        #expect(await waitUntil { (first.reports.last?.completedBytes ?? 0) > 0 })
        let second = await Result { () async throws(ProtoHTTPError) in try await manager.download("/files/twice.bin", to: destination) }
        #expect(second.error?.code == .aborted, "\(String(describing: second.error))")
        #expect(second.error?.message.contains(destination.partialPath) == true)
        let result = try #require(await first.result()).get()
        #expect(result.sha256 == expected && !result.resumed)
        await expectNoLeaks(manager.transport)
    }

    @Test("a download has no total time limit of the transport's while bytes flow: 8 MiB at 4 MiB/s (set by an interceptor) under a 1 s transport timeout")
    func noTotalLimit() async throws {
        let server = try await NginxFileServer.start()
        defer { server.stop() }
        let folder = try makeTransferFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try writeRandomFile(server.filePath("long.bin"), bytes: 8 << 20)
        // The rate limit comes from an interceptor: downloads go through the chain like any call.
        var configuration = ManagerConfiguration(baseURL: server.url(""))
        configuration.interceptors = [ClosureInterceptor { request, _, next, completion in
            var request = request
            request.headers.append(HTTPField(name: .named("X-Limit-Rate"), value: String(4 << 20)))
            next(request, completion)
        }]
        let manager = try ProtoHTTPManager(configuration: configuration, transport: makeTransport { $0.timeout = .seconds(1) })
        let started = ContinuousClock.now
        let result = try await manager.download("/files/long.bin", to: DownloadDestination(folder + "/long.bin"))
        #expect(result.bytes == 8 << 20)
        #expect(ContinuousClock.now - started > .milliseconds(1050), "the rate limit should have made it outlast the 1 s timeout")
        await expectNoLeaks(manager.transport)
    }

    @Test("without a total limit, a download whose server goes silent fails after the transport's timeout")
    func stall() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let folder = try makeTransferFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let manager = try ProtoHTTPManager(configuration: ManagerConfiguration(baseURL: server.url("")),
                                           transport: makeTransport { $0.timeout = .seconds(1) })
        let destination = DownloadDestination(folder + "/stall.bin")
        let started = ContinuousClock.now
        // libcurl measures speed over a window of up to 5 s, so a stall is caught within the
        // timeout only when nothing at all arrived meanwhile: /slow answers after an hour,
        // so a download that ends at all was ended by the stall guard.
        let stalled = await Result { () async throws(ProtoHTTPError) in try await manager.download("/slow?ms=3600000", to: destination) }
        #expect(stalled.error?.code == .deadlineExceeded)
        #expect(stalled.error?.message.contains("stalled") == true, "\(String(describing: stalled.error))")
        #expect(ContinuousClock.now - started < hangGuard, "the stall guard, not the server, ended it")
        #expect(!FileManager.default.fileExists(atPath: destination.path))
        await expectNoLeaks(manager.transport)
    }

    @Test("errors name the path and the cause: SHA-256 mismatch, missing folder, size limit, 404 (which touches no file)")
    func errors() async throws {
        let server = try await NginxFileServer.start()
        defer { server.stop() }
        let folder = try makeTransferFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try writeRandomFile(server.filePath("f.bin"), bytes: 2 << 20)
        let manager = try manager(server)

        let bad = DownloadDestination(folder + "/bad.bin", sha256: String(repeating: "ab", count: 32))
        let mismatch = await Result { () async throws(ProtoHTTPError) in try await manager.download("/files/f.bin", to: bad) }
        #expect(mismatch.error?.code == .dataLoss)
        #expect(mismatch.error?.message.contains(bad.path) == true)
        #expect(mismatch.error?.message.contains(String(repeating: "ab", count: 32)) == true)
        #expect(!FileManager.default.fileExists(atPath: bad.path), "a file that fails the check is not put in place")
        #expect(!FileManager.default.fileExists(atPath: bad.partialPath))

        let requestsBefore = server.accessLog().count
        let nowhere = folder + "/missing/sub/f.bin"
        let missing = await Result { () async throws(ProtoHTTPError) in try await manager.download("/files/f.bin", to: DownloadDestination(nowhere)) }
        #expect(missing.error?.code == .failedPrecondition)
        #expect(missing.error?.message.contains(folder + "/missing/sub") == true)
        #expect(missing.error?.message.contains("No such file or directory") == true, "\(String(describing: missing.error))")
        #expect(server.accessLog().count == requestsBefore, "nothing was sent")

        let small = DownloadDestination(folder + "/small.bin", maxSize: 1 << 20)
        let limited = await Result { () async throws(ProtoHTTPError) in try await manager.download("/files/f.bin", to: small) }
        #expect(limited.error?.code == .resourceExhausted)
        #expect(limited.error?.message.contains(small.partialPath) == true)
        #expect(!FileManager.default.fileExists(atPath: small.path))
        #expect(!FileManager.default.fileExists(atPath: small.partialPath), "refused from Content-Length, before any byte")

        let existing = DownloadDestination(folder + "/existing.bin")
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: existing.path))
        let notFound = await Result { () async throws(ProtoHTTPError) in try await manager.download("/files/nothing.bin", to: existing) }
        #expect(notFound.error?.httpStatus == 404)
        #expect(try String(contentsOfFile: existing.path, encoding: .utf8) == "keep me")
        #expect(!FileManager.default.fileExists(atPath: existing.partialPath))
        await expectNoLeaks(manager.transport)
    }
}
