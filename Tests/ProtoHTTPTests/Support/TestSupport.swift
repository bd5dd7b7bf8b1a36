// TestSupport.swift: helpers for transport tests: callback recorders, waiting, leak and thread checks.
import Dispatch
import Foundation
import Synchronization
import Testing
@testable import ProtoHTTP
import ProtoHTTPTestSupport
import ProtoHTTPCore

/// Records every callback of calls sent through the callback API, and the thread each ran on.
final class CallbackRecorder: Sendable {
    private struct State {
        var handedOff = 0
        var results: [Result<TransportResponse, ProtoHTTPError>] = []
        var callbackThreads: Set<Int32> = []
    }
    private let state = Mutex(State())
    /// The serial queue the callbacks run on.
    let queue = DispatchQueue(label: "protohttp.tests.callbacks")

    func send(_ transport: HTTPTransport, _ request: TransportRequest) -> TransportCall {
        transport.send(request, on: queue, handedOff: { [self] in
            state.withLock {
                $0.handedOff += 1
                $0.callbackThreads.insert(currentThreadID())
            }
        }, completion: { [self] result in
            state.withLock {
                $0.results.append(result)
                $0.callbackThreads.insert(currentThreadID())
            }
        })
    }

    var handedOffCount: Int { state.withLock { $0.handedOff } }
    var results: [Result<TransportResponse, ProtoHTTPError>] { state.withLock { $0.results } }
    var callbackThreads: Set<Int32> { state.withLock { $0.callbackThreads } }

    /// Waits until `count` results arrived (``hangGuard`` at most); then gives a wrong extra
    /// callback a moment to land before returning the results.
    func waitForResults(_ count: Int) async -> [Result<TransportResponse, ProtoHTTPError>] {
        await waitUntil { self.results.count >= count }
        // A grace window for a second delivery that must not come: on a slow machine it can
        // only miss a bug, never fail a correct run.
        try? await Task.sleep(for: .milliseconds(50))
        queue.sync {}
        return results
    }
}

/// The calling thread's kernel id, from the `/proc/thread-self` link.
func currentThreadID() -> Int32 {
    guard let link = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self") else { return -1 }
    return link.split(separator: "/").last.flatMap { Int32($0) } ?? -1
}

/// Whether the kernel thread `tid` still exists in this process (`/proc/self/task/<tid>`).
func threadExists(_ tid: Int32) -> Bool {
    FileManager.default.fileExists(atPath: "/proc/self/task/\(tid)")
}

/// The thread count of this process, from `/proc/self/task`.
func processThreadCount() -> Int {
    (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task").count) ?? -1
}

/// A transport configured for loopback tests (no proxy from the environment).
func makeTransport(_ adjust: (inout TransportConfiguration) -> Void = { _ in }) throws -> HTTPTransport {
    var configuration = TransportConfiguration()
    configuration.proxy = .none
    adjust(&configuration)
    return try HTTPTransport(configuration: configuration)
}

/// Checks the transport leaks nothing: its easy handles drain to zero while it runs, and
/// after shutdown its thread is gone from `/proc/self/task`. `pthread_join` returns once the
/// kernel clears the thread's id, a moment before the task entry goes away, so the check
/// allows up to a second for it on a loaded machine.
func expectNoLeaks(_ transport: HTTPTransport, sourceLocation: SourceLocation = #_sourceLocation) async {
    let drained = await waitUntil { transport.liveEasyHandleCount == 0 }
    #expect(drained, "easy handles still alive: \(transport.liveEasyHandleCount)", sourceLocation: sourceLocation)
    let tid = transport.threadID
    #expect(tid > 0, "the transport thread never reported its id", sourceLocation: sourceLocation)
    #expect(threadExists(tid), "the transport thread should exist before shutdown", sourceLocation: sourceLocation)
    transport.shutdown()
    #expect(transport.liveEasyHandleCount == 0, sourceLocation: sourceLocation)
    let gone = await waitUntil { !threadExists(tid) }
    #expect(gone, "the transport thread \(tid) outlived shutdown()", sourceLocation: sourceLocation)
}

/// ``expectNoLeaks(_:sourceLocation:)`` for a manager's transport, which these tests make with libcurl.
func expectNoLeaks(_ transport: any ClientTransport, sourceLocation: SourceLocation = #_sourceLocation) async {
    guard let curl = transport as? HTTPTransport else {
        Issue.record("the manager's transport is \(type(of: transport)), not an HTTPTransport", sourceLocation: sourceLocation)
        return
    }
    await expectNoLeaks(curl, sourceLocation: sourceLocation)
}

extension ClientTransport {
    /// Easy handles alive in the manager's libcurl transport (0 for another transport).
    var liveEasyHandleCount: Int { (self as? HTTPTransport)?.liveEasyHandleCount ?? 0 }
}

extension Result where Failure == ProtoHTTPError {
    /// The error, or `nil` on success.
    var error: ProtoHTTPError? {
        if case .failure(let error) = self { return error }
        return nil
    }

    /// The value, or `nil` on failure.
    var value: Success? {
        if case .success(let value) = self { return value }
        return nil
    }
}

extension TransportResponse {
    /// The body as UTF-8 text.
    var text: String { String(decoding: body, as: UTF8.self) }
}

/// The ``ProtoHTTPError`` a task failed with, or `nil`.
func protoError<T>(_ result: Result<T, any Error>) -> ProtoHTTPError? {
    if case .failure(let error) = result { return error as? ProtoHTTPError }
    return nil
}
