// CallStageSlotTests.swift: stages installed in the manager's slots: their order, what they see, what they may answer, and where they run.
import Dispatch
import Foundation
import ProtoHTTPTestSupport
import Synchronization
import Testing
@testable import ProtoHTTP
import HTTPTypes
import ProtoHTTPCore

/// A stage that records its way in and out, adds a header on the way in, and optionally
/// answers itself or turns the outcome into a failure.
struct RecordingStage: CallStage {
    enum Behaviour: Sendable {
        case passOn
        case answer([UInt8])
        case fail(ProtoHTTPError)
    }

    let name: String
    let events: StageEvents
    var behaviour = Behaviour.passOn
    var appliesToCalls = true

    func applies(to info: CallInfo, options: CallOptions) -> Bool { appliesToCalls && !options[SkipsRecordingKey.self] }

    func run(_ call: StagedCall, next: @escaping CallStageNext, completion: @escaping @Sendable (CallOutcome) -> Void) {
        events.append("\(name) in, on the work queue: \(DispatchQueue.getSpecific(key: ProtoHTTPManager.workQueueKey) == true)")
        switch behaviour {
        case .answer(let body):
            let response = TransportResponse(status: 200, headers: [.contentType: "application/octet-stream"], body: body)
            completion(call.settle(response, fromCache: true))
        case .passOn, .fail:
            var request = call.request
            request.headers.append(HTTPField(name: .named("X-Test-\(name)"), value: "1"))
            let behaviour = self.behaviour
            next(request) { outcome in
                events.append("\(name) out: succeeded \(outcome.succeeded), status \(outcome.metadata?.status ?? 0), attempts \(outcome.attempts)")
                if case .fail(let error) = behaviour {
                    completion(outcome.failing(with: error))
                } else {
                    completion(outcome)
                }
            }
        }
    }
}

/// A call's own switch, read by ``RecordingStage``: `true` keeps the stage out of the call.
enum SkipsRecordingKey: CallOptionKey {
    static let defaultValue = false
}

/// Another setting of the same type, which must not be confused with ``SkipsRecordingKey``.
enum OtherFlagKey: CallOptionKey {
    static let defaultValue = true
}

// --- CallPath.md example start ---
final class OutcomeCounter: CallStage {
    private let counts = Mutex<[String: Int]>([:])
    var snapshot: [String: Int] { counts.withLock { $0 } }

    func run(_ call: StagedCall, next: @escaping CallStageNext, completion: @escaping @Sendable (CallOutcome) -> Void) {
        next(call.request) { outcome in
            let key = outcome.error.map { "\($0.code)" } ?? "ok"
            self.counts.withLock { $0[key, default: 0] += 1 }
            completion(outcome)
        }
    }
}
// --- CallPath.md example end ---

/// A list of events shared between a test and the stages it installs.
final class StageEvents: Sendable {
    private let events = Mutex<[String]>([])
    func append(_ event: String) { events.withLock { $0.append(event) } }
    var all: [String] { events.withLock { $0 } }
}

@Suite("Call stages in the manager's slots")
struct CallStageSlotTests {
    /// One raw POST to `path`, its body `body`, in callback form; the result.
    func post(_ manager: ProtoHTTPManager, _ path: String, body: [UInt8] = [1, 2, 3],
              options: CallOptions = CallOptions()) async -> Result<([UInt8], ResponseMetadata), ProtoHTTPError> {
        await withCheckedContinuation { continuation in
            manager.request(.post, path, input: body, requestSerializer: RawRequestSerializer(contentType: "application/octet-stream"),
                            responseSerializer: .raw, options: options,
                            success: { continuation.resume(returning: .success(($0, $1))) },
                            failure: { continuation.resume(returning: .failure($0)) })
        }
    }

    @Test("stages run by slot order, outermost first, outside the interceptors; they see the settled outcome and stay when the interceptors are assigned")
    func orderAndOutcome() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let events = StageEvents()
        let manager = try ProtoHTTPManager(configuration: ManagerConfiguration(baseURL: server.url("")))
        manager.install(RecordingStage(name: "Inner", events: events), in: CallStageSlot(order: 400, name: "inner"))
        manager.install(RecordingStage(name: "Outer", events: events), in: CallStageSlot(order: 300, name: "outer"))
        manager.updateConfiguration {
            $0.interceptors = [ClosureInterceptor { request, _, next, completion in
                events.append("interceptor: \(request.headers.firstValue(.named("X-Test-Outer")) ?? "-") \(request.headers.firstValue(.named("X-Test-Inner")) ?? "-")")
                next(request, completion)
            }]
        }
        let (body, metadata) = try await post(manager, "/echo").get()
        #expect(body == [1, 2, 3])
        #expect(metadata.headers.firstValue(.named("X-Echo-Header-Outer")) == "1" && metadata.headers.firstValue(.named("X-Echo-Header-Inner")) == "1",
                "the request a stage passed on was not the one sent")
        #expect(events.all == [
            "Outer in, on the work queue: true",
            "Inner in, on the work queue: true",
            "interceptor: 1 1",
            "Inner out: succeeded true, status 200, attempts 1",
            "Outer out: succeeded true, status 200, attempts 1",
        ])
        #expect(manager.stage(in: CallStageSlot(order: 300, name: "outer")) is RecordingStage)
    }

    @Test("a stage may answer without the network, settled as the network's answer would be, or fail a call that succeeded")
    func answerAndFail() async throws {
        let events = StageEvents()
        // Nothing listens there: an answer can only come from the stage.
        let manager = try ProtoHTTPManager(configuration: ManagerConfiguration(baseURL: "http://127.0.0.1:\(try closedLoopbackPort())"))
        let slot = CallStageSlot(order: 300, name: "answers")
        manager.install(RecordingStage(name: "Answer", events: events, behaviour: .answer([7, 7])), in: slot)
        let (body, metadata) = try await post(manager, "/anything").get()
        #expect(body == [7, 7] && metadata.status == 200 && metadata.isFromCache && metadata.attempts == 0)

        manager.install(RecordingStage(name: "Fail", events: events, behaviour: .fail(ProtoHTTPError(code: .dataLoss, message: "a stage said no"))), in: slot)
        let error = try #require(await post(manager, "/anything").failedWith)
        #expect(error.code == .dataLoss && error.message == "a stage said no")

        manager.removeStage(in: slot)
        #expect(manager.stage(in: slot) == nil)
        let refused = try #require(await post(manager, "/anything").failedWith)
        #expect(refused.code == .unavailable, "with the stage removed the call went to the (closed) network: \(refused)")
        #expect(events.all.count == 3, "the removed stage still ran: \(events.all)")
    }

    @Test("a stage that applies to no call is never run, and the call takes the plain path")
    func notApplying() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let events = StageEvents()
        let manager = try ProtoHTTPManager(configuration: ManagerConfiguration(baseURL: server.url("")))
        manager.install(RecordingStage(name: "Idle", events: events, appliesToCalls: false), in: CallStageSlot(order: 300, name: "idle"))
        let (_, metadata) = try await post(manager, "/echo").get()
        #expect(metadata.status == 200 && metadata.headers.firstValue(.named("X-Echo-Header-Idle")) == nil)
        #expect(events.all.isEmpty)
    }

    @Test("the CallPath article's outcome counter counts a success and a failure")
    func outcomeCounterExample() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let manager = try ProtoHTTPManager(configuration: ManagerConfiguration(baseURL: server.url("")))
        // --- CallPath.md example start ---
        let counter = OutcomeCounter()
        manager.install(counter, in: CallStageSlot(order: 50, name: "outcomes"))
        // --- CallPath.md example end ---
        _ = try await post(manager, "/echo").get()
        let failure = try #require(await post(manager, "/status/503").failedWith)
        #expect(counter.snapshot == ["ok": 1, "\(failure.code)": 1])
    }

    @Test("a stage reads its calls' own settings through a CallOptionKey, each key apart, the default when unset")
    func optionKeys() async throws {
        var options = CallOptions()
        #expect(options[SkipsRecordingKey.self] == false && options[OtherFlagKey.self] == true, "unset keys read their defaults")
        options[SkipsRecordingKey.self] = true
        #expect(options[SkipsRecordingKey.self] == true && options[OtherFlagKey.self] == true, "setting one key changed another")
        options[OtherFlagKey.self] = false
        #expect(options[SkipsRecordingKey.self] == true && options[OtherFlagKey.self] == false)

        let server = try await TestServer.start()
        defer { server.stop() }
        let events = StageEvents()
        let manager = try ProtoHTTPManager(configuration: ManagerConfiguration(baseURL: server.url("")))
        manager.install(RecordingStage(name: "Switched", events: events), in: CallStageSlot(order: 300, name: "switched"))
        let (_, skipped) = try await post(manager, "/echo", options: options).get()
        #expect(skipped.headers.firstValue(.named("X-Echo-Header-Switched")) == nil && events.all.isEmpty, "the call's switch was not read")
        let (_, staged) = try await post(manager, "/echo").get()
        #expect(staged.headers.firstValue(.named("X-Echo-Header-Switched")) == "1" && events.all.count == 2)
    }
}

extension Result {
    /// The error of a failure.
    var failedWith: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
