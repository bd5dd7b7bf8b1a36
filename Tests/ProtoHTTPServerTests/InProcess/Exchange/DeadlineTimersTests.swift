// DeadlineTimersTests.swift: a request's deadline timer on its connection's event loop, driven by the loop's clock; the Dispatch fallback; the deadline cancelling the request's own task.
import HTTPTypes
import NIOEmbedded
import ProtoHTTPCore
@testable import ProtoHTTPServer
import ProtoHTTPTestSupport
import ProtoWire
import Synchronization
import Testing

extension ServerTests {
    @Suite("Deadline timers")
    struct DeadlineTimersTests {
        typealias Answers = Mutex<[(code: ProtoHTTPError.Code?, status: Int)]>

        /// A Hold call of `holdMilliseconds` (an hour: only the deadline ends it; polling for
        /// cancellation) with `timeoutMilliseconds` as its deadline.
        static func hold(timeoutMilliseconds: Int, timers: DeadlineTimers, holdMilliseconds: Int32 = 3_600_000) -> RPCRequest {
            var request = RPCRequest(method: "POST", uri: "/test.Faults/Hold",
                                     headers: DispatcherTests.connectProto + HTTPFields([HTTPField(name: .connectTimeout, value: "\(timeoutMilliseconds)")]),
                                     body: Google_Protobuf_Int32Value.ms(holdMilliseconds).serializedBytes())
            request.deadlineTimers = timers
            return request
        }

        @Test("on the connection's loop the deadline fires when the loop's clock passes it, not before", .timeLimit(.minutes(hangGuardMinutes)))
        func loopClockFiresTheDeadline() async throws {
            let loop = NIOAsyncTestingEventLoop()
            let faults = FaultsService()
            let dispatcher = try DispatcherTests.dispatcher(faults: faults)
            let answers = Answers([])
            // A 30-second deadline: the test's virtual clock passes it, no one waits for it.
            let request = Self.hold(timeoutMilliseconds: 30_000, timers: .eventLoop(loop, open: EventLoopsOpen()))
            let task = Task { await dispatcher.handle(request) { response, outcome in answers.withLock { $0.append((outcome.code, response.status)) } } }
            #expect(await waitUntil { faults.events.contains("hold started") })
            await loop.advanceTime(by: .seconds(29))
            #expect(answers.withLock { $0.isEmpty }, "not before the deadline")
            await loop.advanceTime(by: .seconds(2))
            // Well before the real 30 s: only the loop's clock can have fired it.
            #expect(await waitUntil(timeout: .seconds(10)) { !answers.withLock { $0.isEmpty } }, "the loop's timer answers")
            await task.value
            let answered = answers.withLock { $0 }
            #expect(answered.count == 1 && answered.first?.code == .deadlineExceeded && answered.first?.status == 504)
            #expect(faults.events == ["hold started", "hold saw cancellation"])
            await loop.shutdownGracefully()
        }

        @Test("an answer before the deadline cancels the loop's timer: nothing is left scheduled", .timeLimit(.minutes(hangGuardMinutes)))
        func answeredCallDisarmsItsTimer() async throws {
            let loop = NIOAsyncTestingEventLoop()
            let dispatcher = try DispatcherTests.dispatcher()
            let answers = Answers([])
            let request = Self.hold(timeoutMilliseconds: 30_000, timers: .eventLoop(loop, open: EventLoopsOpen()), holdMilliseconds: 0)
            await dispatcher.handle(request) { response, outcome in answers.withLock { $0.append((outcome.code, response.status)) } }
            let first = answers.withLock { $0 }
            #expect(first.count == 1)
            #expect(first.first?.code == nil && first.first?.status == 200)
            // Were the timer still armed, passing its deadline would answer a second time.
            await loop.advanceTime(by: .seconds(60))
            #expect(answers.withLock { $0.count } == 1)
            await loop.shutdownGracefully()
        }

        @Test("once the loops take no more work the timer runs on Dispatch, and still answers on time", .timeLimit(.minutes(hangGuardMinutes)))
        func closedLoopsFallBackToDispatch() async throws {
            let loop = NIOAsyncTestingEventLoop()
            let open = EventLoopsOpen()
            open.close()
            let faults = FaultsService()
            let dispatcher = try DispatcherTests.dispatcher(faults: faults)
            let answers = Answers([])
            let started = ContinuousClock.now
            await dispatcher.handle(Self.hold(timeoutMilliseconds: 50, timers: .eventLoop(loop, open: open))) { response, outcome in
                answers.withLock { $0.append((outcome.code, response.status)) }
            }
            let answered = answers.withLock { $0 }
            #expect(answered.count == 1 && answered.first?.code == .deadlineExceeded)
            #expect(ContinuousClock.now - started >= .milliseconds(50), "not before the deadline")
            #expect(faults.events == ["hold started", "hold saw cancellation"])
            await loop.shutdownGracefully()
        }

        @Test("with a handle on the request's task the handler runs in it; the deadline answers, then cancels that task", .timeLimit(.minutes(hangGuardMinutes)))
        func deadlineCancelsTheRequestTask() async throws {
            let loop = NIOAsyncTestingEventLoop()
            let faults = FaultsService()
            let dispatcher = try DispatcherTests.dispatcher(faults: faults)
            let answers = Answers([])
            let request = Self.hold(timeoutMilliseconds: 30_000, timers: .eventLoop(loop, open: EventLoopsOpen()))
            let sawCancelledTask = Mutex(false)
            let task = InFlightRequests().start { _, canceller in
                var request = request
                request.taskCanceller = canceller
                await dispatcher.handle(request) { response, outcome in answers.withLock { $0.append((outcome.code, response.status)) } }
                sawCancelledTask.withLock { $0 = Task.isCancelled }
            }
            #expect(await waitUntil { faults.events.contains("hold started") })
            await loop.advanceTime(by: .seconds(31))
            await task.value
            let answered = answers.withLock { $0 }
            #expect(answered.count == 1 && answered.first?.code == .deadlineExceeded)
            #expect(faults.events == ["hold started", "hold saw cancellation"])
            #expect(sawCancelledTask.withLock { $0 }, "the request's own task was cancelled")
            await loop.shutdownGracefully()
        }

        @Test("a handler that answers in time leaves its request task uncancelled")
        func inTimeLeavesTheTaskAlone() async throws {
            let loop = NIOAsyncTestingEventLoop()
            let dispatcher = try DispatcherTests.dispatcher()
            let request = Self.hold(timeoutMilliseconds: 30_000, timers: .eventLoop(loop, open: EventLoopsOpen()), holdMilliseconds: 0)
            let code = Mutex<ProtoHTTPError.Code?>(.unknown)
            let cancelledAtReturn = Mutex(true)
            let task = InFlightRequests().start { _, canceller in
                var request = request
                request.taskCanceller = canceller
                await dispatcher.handle(request) { _, outcome in code.withLock { $0 = outcome.code } }
                cancelledAtReturn.withLock { $0 = Task.isCancelled }
            }
            await task.value
            #expect(code.withLock { $0 } == nil)
            #expect(!cancelledAtReturn.withLock { $0 })
            await loop.advanceTime(by: .seconds(60))  // a timer left armed would cancel (and answer) now
            #expect(!task.isCancelled)
            await loop.shutdownGracefully()
        }

        @Test("a task cancelled through its handle while still starting is cancelled once stored; a running one at once; an ended one not at all")
        func cancellerWhileStartingRunningAndEnded() async {
            let requests = InFlightRequests()
            // Immediately: the body runs inside start, before start has stored the task.
            let early = requests.start(immediately: true) { _, canceller in
                canceller.cancel()
                _ = await waitUntil { Task.isCancelled }
            }
            await early.value
            #expect(early.isCancelled)
            let started = Mutex<RequestTaskCanceller?>(nil)
            let running = requests.start { _, canceller in
                started.withLock { $0 = canceller }
                _ = await waitUntil { Task.isCancelled }
            }
            #expect(await waitUntil { started.withLock { $0 } != nil })
            #expect(!running.isCancelled)
            started.withLock { $0 }?.cancel()
            await running.value
            #expect(running.isCancelled)
            #expect(requests.count == 0)
            started.withLock { $0 }?.cancel()  // its entry is gone: nothing to cancel, nothing kept
            #expect(requests.count == 0)
        }
    }
}
