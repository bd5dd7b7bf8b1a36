// ProgressTests.swift: upload and download progress: throttled, monotonic, final, on the callback queue, before the outcome.
import Dispatch
import Foundation
import Synchronization
import Testing
@testable import ProtoHTTP
import ProtoHTTPTestSupport

/// Records progress reports and outcomes in arrival order, and whether each ran on the expected queue.
final class ProgressRecorder: Sendable {
    enum Event: Sendable, Equatable {
        case progress(TransferProgress)
        case outcome(String)
    }

    private let state = Mutex<(events: [Event], offQueue: Int)>(([], 0))
    /// A serial queue marked with ``key``, for callbacks.
    let queue = DispatchQueue(label: "protohttp.tests.progress")
    private let key = DispatchSpecificKey<Bool>()

    init() { queue.setSpecific(key: key, value: true) }

    var handler: ProgressHandler { ProgressHandler { self.record(.progress($0)) } }

    func record(_ event: Event) {
        let onQueue = DispatchQueue.getSpecific(key: key) == true
        state.withLock {
            $0.events.append(event)
            if !onQueue { $0.offQueue += 1 }
        }
    }

    var events: [Event] { state.withLock { $0.events } }
    /// Callbacks that did not run on ``queue``.
    var offQueue: Int { state.withLock { $0.offQueue } }

    func reports(_ direction: TransferProgress.Direction) -> [TransferProgress] {
        events.compactMap { if case .progress(let p) = $0, p.direction == direction { p } else { nil } }
    }

    var outcomes: [String] { events.compactMap { if case .outcome(let o) = $0 { o } else { nil } } }

    /// Whether any progress report came after the first outcome.
    var progressAfterOutcome: Bool {
        guard let first = events.firstIndex(where: { if case .outcome = $0 { true } else { false } }) else { return false }
        return events[first...].contains { if case .progress = $0 { true } else { false } }
    }

    func waitForOutcome() async {
        await waitUntil { !self.outcomes.isEmpty }
        try? await Task.sleep(for: .milliseconds(150))  // a grace window for strays: it can only miss a bug
        queue.sync {}
    }
}

/// Checks reports of one direction: never going back, ending at `total`, at most one per 50 ms
/// (plus the first and the final) over `elapsed`.
func expectWellFormed(_ reports: [TransferProgress], total: Int64, elapsed: Duration, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(!reports.isEmpty, "no progress reports", sourceLocation: sourceLocation)
    for (a, b) in zip(reports, reports.dropFirst()) {
        #expect(b.completedBytes >= a.completedBytes, "progress went back: \(a) then \(b)", sourceLocation: sourceLocation)
    }
    #expect(reports.last?.completedBytes == total, sourceLocation: sourceLocation)
    #expect(reports.last?.totalBytes == total, sourceLocation: sourceLocation)
    #expect(reports.last?.fractionCompleted == 1, sourceLocation: sourceLocation)
    let bound = Int(elapsed / .milliseconds(50)) + 2
    #expect(reports.count <= bound, "\(reports.count) reports in \(elapsed): more than one per 50 ms", sourceLocation: sourceLocation)
}

@Suite("Progress", .serialized)
struct ProgressTests {
    @Test("the throttle passes one sample per 50 ms per direction, never a step back or a repeat, and the final value")
    func throttleRules() throws {
        var throttle = ProgressThrottle()
        var delivered: [TransferProgress] = []
        let ms: UInt64 = 1_000_000
        for step in 0..<1000 {  // a sample every millisecond for a second, both directions
            let now = 1_000 * ms + UInt64(step) * ms
            for direction in [TransferProgress.Direction.upload, .download] {
                let sample = TransferProgress(direction: direction, completedBytes: Int64(step) * 1000, totalBytes: 1_000_000)
                if let report = throttle.offer(sample, now: now) { delivered.append(report) }
            }
        }
        #expect(delivered.filter { $0.direction == .upload }.count == 20)
        #expect(delivered.filter { $0.direction == .download }.count == 20)
        let later = 3_000 * ms
        let stepBack = throttle.offer(TransferProgress(direction: .download, completedBytes: 5, totalBytes: 1_000_000), now: later)
        #expect(stepBack == nil, "a step back")
        let last = try #require(delivered.last { $0.direction == .download })
        let repeated = throttle.offer(last, now: later)
        #expect(repeated == nil, "a repeat")
        let final = TransferProgress(direction: .download, completedBytes: 1_000_000, totalBytes: 1_000_000)
        let first = throttle.finish(final), second = throttle.finish(final)
        #expect(first == final, "the final value comes through whatever the time")
        #expect(second == nil, "but only once")
        let empty = throttle.offer(TransferProgress(direction: .upload, completedBytes: 0, totalBytes: nil), now: later)
        #expect(empty == nil, "nothing to say")

        var mark = ProgressHighWater()
        let admitted = [
            mark.admit(TransferProgress(direction: .download, completedBytes: 100, totalBytes: nil)),
            mark.admit(TransferProgress(direction: .download, completedBytes: 10, totalBytes: 200)),  // a retry starting over
            mark.admit(TransferProgress(direction: .upload, completedBytes: 10, totalBytes: nil)),  // directions are separate
            mark.admit(TransferProgress(direction: .download, completedBytes: 150, totalBytes: 200)),
        ]
        #expect(admitted == [true, false, true, true])
        #expect(TransferProgress(direction: .upload, completedBytes: 0, totalBytes: 0).fractionCompleted == 1)
        #expect(TransferProgress(direction: .upload, completedBytes: 5, totalBytes: nil).fractionCompleted == nil)
    }

    @Test("transport: a 16 MiB download reports throttled, monotonic progress on the queue, ending at the total before the result")
    func transportDownload() async throws {
        let server = try await NginxFileServer.start()
        defer { server.stop() }
        let size = 16 << 20
        try writeRandomFile(server.filePath("sixteen.bin"), bytes: size)
        let transport = try makeTransport()
        let recorder = ProgressRecorder()
        var request = TransportRequest(method: "GET", url: server.url("/files/sixteen.bin"),
                                       headers: [.named("X-Limit-Rate"): String(24 << 20)])
        request.progress = recorder.handler
        let started = ContinuousClock.now
        transport.send(request, on: recorder.queue) { result in
            recorder.record(.outcome(result.value.map { "status \($0.status) bytes \($0.body.count)" } ?? "failure"))
        }
        await recorder.waitForOutcome()
        let elapsed = ContinuousClock.now - started
        #expect(recorder.outcomes == ["status 200 bytes \(size)"])
        let reports = recorder.reports(.download)
        expectWellFormed(reports, total: Int64(size), elapsed: elapsed)
        #expect(reports.count >= 4, "a ~0.7 s transfer should report several times: \(reports.count)")
        #expect(reports.dropLast().contains { $0.totalBytes == Int64(size) && $0.completedBytes < Int64(size) }, "Content-Length gives the total early")
        #expect(recorder.reports(.upload).isEmpty, "a GET uploads nothing")
        #expect(recorder.offQueue == 0)
        #expect(!recorder.progressAfterOutcome)
        await expectNoLeaks(transport)
    }

    @Test("manager: an 8 MiB POST reports upload progress ending at the body size, and download progress, on the callback queue before success")
    func managerUploadAndDownload() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let recorder = ProgressRecorder()
        var configuration = ManagerConfiguration(baseURL: server.url(""))
        configuration.callbackQueue = recorder.queue
        let manager = try ProtoHTTPManager(configuration: configuration, transport: makeTransport())
        let body = [UInt8](repeating: 0x5A, count: 8 << 20)
        let started = ContinuousClock.now
        manager.post("/echo", input: body, requestSerializer: .raw, responseSerializer: .raw,
                     options: CallOptions().withProgress { recorder.record(.progress($0)) },
                     success: { output, _ in recorder.record(.outcome("success \(output.count)")) },
                     failure: { recorder.record(.outcome("failure \($0)")) },
                     finished: { _ in recorder.record(.outcome("finished")) })
        await recorder.waitForOutcome()
        let elapsed = ContinuousClock.now - started
        #expect(recorder.outcomes == ["success \(body.count)", "finished"])
        expectWellFormed(recorder.reports(.upload), total: Int64(body.count), elapsed: elapsed)
        expectWellFormed(recorder.reports(.download), total: Int64(body.count), elapsed: elapsed)
        #expect(recorder.offQueue == 0)
        #expect(!recorder.progressAfterOutcome)
        await expectNoLeaks(manager.transport)
    }

    @Test("async: the progress stream yields the reports and finishes when the call returns; the transport's async send too")
    func asyncStream() async throws {
        let server = try await NginxFileServer.start()
        defer { server.stop() }
        let size = 4 << 20
        try writeRandomFile(server.filePath("four.bin"), bytes: size)
        let manager = try ProtoHTTPManager(configuration: ManagerConfiguration(baseURL: server.url("")), transport: makeTransport())
        let (options, progress) = CallOptions(headers: [.named("X-Limit-Rate"): String(16 << 20)]).withProgressStream()
        let collector = Task {
            var reports: [TransferProgress] = []
            for await report in progress { reports.append(report) }
            return reports
        }
        let response = try await manager.request(.get, "/files/four.bin", input: [:], requestSerializer: .formURLEncoded,
                                                 responseSerializer: .raw, options: options)
        #expect(response.output.count == size)
        let reports = await collector.value  // ends only if the stream finished
        #expect(reports.count >= 2)
        #expect(reports.last == TransferProgress(direction: .download, completedBytes: Int64(size), totalBytes: Int64(size)))

        let (handler, stream) = ProgressHandler.stream()
        var request = TransportRequest(method: "GET", url: server.url("/files/four.bin"))
        request.progress = handler
        let direct = try await manager.transport.send(request)
        #expect(direct.body.count == size)
        var last: TransferProgress?
        for await report in stream { last = report }
        #expect(last?.completedBytes == Int64(size))
        await expectNoLeaks(manager.transport)
    }

    @Test("cancel mid-transfer: progress stops and no report comes after the failure")
    func cancelStopsProgress() async throws {
        let server = try await NginxFileServer.start()
        defer { server.stop() }
        try writeRandomFile(server.filePath("slow.bin"), bytes: 8 << 20)
        // The answer stops after 1 MiB of body until the client has cancelled.
        let proxy = try await GateProxy.start(upstreamPort: server.port, holdAfter: (1 << 20) + 1024)
        defer { proxy.stop() }
        let recorder = ProgressRecorder()
        var configuration = ManagerConfiguration(baseURL: proxy.url(""))
        configuration.callbackQueue = recorder.queue
        let manager = try ProtoHTTPManager(configuration: configuration, transport: makeTransport())
        let options = CallOptions().withProgress { recorder.record(.progress($0)) }
        let handle = manager.request(.get, "/files/slow.bin", input: [:], requestSerializer: .formURLEncoded, responseSerializer: .raw,
                                     options: options, success: { _, _ in recorder.record(.outcome("success")) },
                                     failure: { recorder.record(.outcome("failure \($0.code)")) })
        _ = try await proxy.waitUntilHeld()
        #expect(await waitUntil { (recorder.reports(.download).last?.completedBytes ?? 0) >= 1 << 20 })
        handle.cancel()
        await recorder.waitForOutcome()
        try await Task.sleep(for: .milliseconds(200))  // a grace window for a report that must not come
        #expect(recorder.outcomes == ["failure canceled"])
        #expect(!recorder.progressAfterOutcome)
        #expect((recorder.reports(.download).last?.completedBytes ?? 0) < 8 << 20)
        await expectNoLeaks(manager.transport)
    }
}
