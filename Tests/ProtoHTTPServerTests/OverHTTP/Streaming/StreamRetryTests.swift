// StreamRetryTests.swift: streams under a retry policy: sent again before their first response message with the requests replayed, never after it, within one deadline, on the manager's clock.
import ProtoHTTP
import ProtoHTTPCore
import ProtoHTTPServer
import ProtoHTTPTesting
import ProtoHTTPTestSupport
import ProtoWire
import Synchronization
import Testing

extension ServerTests {
    @Suite("Streams: retries before the first response message")
    struct StreamRetryTests {
        /// Retries any call, without waiting long (the waits' clock is tested on its own).
        static let quick = RetryPolicy.always(attempts: 3, initialBackoff: .milliseconds(1), maxBackoff: .milliseconds(1))

        static func withUnsteady<T>(_ name: String, policy: RetryPolicy, clock: (any CallClock)? = nil,
                                    interceptors: [any CallInterceptor] = [],
                                    _ body: (ProtoHTTPManager, UnsteadyStreams) async throws -> T) async throws -> T {
            let unsteady = UnsteadyStreams()
            return try await withServer(extraServices: [unsteady.definition]) { server in
                var configuration = ManagerConfiguration(baseURL: server.baseURL)
                configuration.wireProtocol = StreamingClientTests.wireProtocol(name).0
                configuration.retryPolicy = policy
                configuration.interceptors = interceptors
                let manager = try ProtoHTTPManager(configuration: configuration, transport: server.transport, clock: clock ?? SystemCallClock())
                return try await body(manager, unsteady)
            }
        }

        /// The `key=` of each recorded line.
        static func keys(_ events: [String]) -> [String] {
            events.map { $0.split(separator: " ").last.map(String.init) ?? "" }
        }

        @Test("a server stream refused with unavailable before its first message is sent again: the message of the call that answered, three attempts, one Idempotency-Key",
              arguments: ["connect", "grpc", "grpcweb"])
        func serverStreamRetried(_ name: String) async throws {
            try await Self.withUnsteady(name, policy: Self.quick) { manager, unsteady in
                let stream = manager.serverStream(UnsteadyMetadata.Count.self, Google_Protobuf_Int32Value(2))
                var values: [String] = []
                for try await message in stream { values.append(message.value) }
                #expect(values == ["ok on call 3"])
                #expect(stream.metadata?.attempts == 3)
                let events = unsteady.events
                #expect(events.map { $0.components(separatedBy: " key=")[0] } == ["count call 1", "count call 2", "count call 3"], "\(events)")
                let keys = Self.keys(events)
                #expect(Set(keys).count == 1 && keys[0] != "key=-", "one key on every attempt of an unsafe call: \(events)")
            }
        }

        @Test("the policy's safety rule holds for streams: a NO_SIDE_EFFECTS method is retried without an opt-in (and carries no key), an unmarked one is not")
        func safetyRule() async throws {
            let safeOnly = RetryPolicy(maxAttempts: 3, initialBackoff: .milliseconds(1), maxBackoff: .milliseconds(1))
            try await Self.withUnsteady("grpc", policy: safeOnly) { manager, unsteady in
                var values: [String] = []
                for try await message in manager.serverStream(UnsteadyMetadata.SafeCount.self, Google_Protobuf_Int32Value(1)) { values.append(message.value) }
                #expect(values == ["ok on call 2"])
                #expect(unsteady.events == ["count call 1 key=-", "count call 2 key=-"], "\(unsteady.events)")

                let failure = await Result { () async throws(ProtoHTTPError) in
                    for try await _ in manager.serverStream(UnsteadyMetadata.Count.self, Google_Protobuf_Int32Value(5)) {}
                }
                #expect(failure.error?.code == .unavailable && failure.error?.message == "not yet; try again", "\(String(describing: failure.error))")
                #expect(unsteady.events.count == 3, "the unmarked method went once: \(unsteady.events)")
            }
        }

        @Test("after the first response message the stream is committed: its failure is the call's, and the server saw one call", arguments: ["connect", "grpc"])
        func committedAtFirstMessage(_ name: String) async throws {
            try await Self.withUnsteady(name, policy: Self.quick) { manager, unsteady in
                var values: [String] = []
                let failure = await Result { () async throws(ProtoHTTPError) in
                    for try await message in manager.serverStream(UnsteadyMetadata.AfterOne.self, Google_Protobuf_Int32Value(0)) { values.append(message.value) }
                }
                #expect(values == ["1"])
                #expect(failure.error?.code == .unavailable, "\(String(describing: failure.error))")
                #expect(unsteady.events.count == 1, "\(unsteady.events)")
            }
        }

        @Test("a client stream is replayed whole into its second attempt: 100 messages each time, one answer", arguments: ["connect", "grpc"])
        func clientStreamReplayed(_ name: String) async throws {
            try await Self.withUnsteady(name, policy: Self.quick) { manager, unsteady in
                let upload = manager.clientStream(UnsteadyMetadata.Sum.self)
                for value in 1...100 { try await upload.send(Google_Protobuf_Int32Value(Int32(value))) }
                let answer = try await upload.finishWithMetadata()
                #expect(answer.output.value == "sum=5050 count=100")
                #expect(answer.metadata.attempts == 2)
                #expect(unsteady.events.map { $0.components(separatedBy: " key=")[0] } == ["sum call 1 saw 100", "sum call 2 saw 100"], "\(unsteady.events)")
            }
        }

        @Test("a stream that sent more than streamReplayLimit is committed: the first attempt's unavailable is the answer")
        func replayLimit() async throws {
            var policy = Self.quick
            policy.streamReplayLimit = 64  // about nine of these messages, framed
            try await Self.withUnsteady("grpc", policy: policy) { manager, unsteady in
                let upload = manager.clientStream(UnsteadyMetadata.Sum.self)
                for value in 1...100 { try await upload.send(Google_Protobuf_Int32Value(Int32(value))) }
                let failure = await Result { () async throws(ProtoHTTPError) in try await upload.finish() }
                #expect(failure.error?.code == .unavailable, "\(String(describing: failure.error))")
                #expect(unsteady.events.map { $0.components(separatedBy: " key=")[0] } == ["sum call 1 saw 100"], "\(unsteady.events)")
            }
        }

        @Test("a bidirectional stream refused before its first answer starts again with the requests it had sent: each answered once")
        func bidirectionalReplayed() async throws {
            try await Self.withUnsteady("grpc", policy: Self.quick) { manager, unsteady in
                let echo = manager.bidirectionalStream(UnsteadyMetadata.Echo.self)
                try await echo.send(Google_Protobuf_StringValue("a"))
                try await echo.send(Google_Protobuf_StringValue("b"))
                echo.finishSending()
                var answers: [String] = []
                for try await answer in echo.responses { answers.append(answer.value) }
                #expect(answers == ["A", "B"])
                #expect(echo.metadata?.attempts == 2)
                #expect(unsteady.events.count == 2, "\(unsteady.events)")
            }
        }

        @Test("a refused connection is tried maxAttempts times, each attempt through the interceptors, then its error ends the stream")
        func refusedConnection() async throws {
            let starts = Mutex(0)
            let counting = ClosureInterceptor { request, _, next, completion in
                starts.withLock { $0 += 1 }
                next(request, completion)
            }
            var configuration = ManagerConfiguration(baseURL: "http://127.0.0.1:\(try closedLoopbackPort())")
            configuration.wireProtocol = GRPCProtocol()
            configuration.retryPolicy = RetryPolicy(maxAttempts: 3, initialBackoff: .milliseconds(1), maxBackoff: .milliseconds(1))
            configuration.interceptors = [counting]
            let manager = try ProtoHTTPManager(configuration: configuration)
            let failure = await Result { () async throws(ProtoHTTPError) in
                for try await _ in manager.serverStream(UnsteadyMetadata.Count.self, Google_Protobuf_Int32Value(0)) {}
            }
            #expect(failure.error?.neverReachedServer == true, "\(String(describing: failure.error))")
            #expect(starts.withLock { $0 } == 3)
        }

        @Test("the wait between attempts runs on the manager's clock: no second attempt until it passes")
        func waitOnTheClock() async throws {
            let clock = ManualCallClock()
            let policy = RetryPolicy.always(attempts: 2, initialBackoff: .seconds(30), maxBackoff: .seconds(30))
            try await Self.withUnsteady("grpc", policy: policy, clock: clock) { manager, unsteady in
                let reading = Task {
                    await Result { () async throws(ProtoHTTPError) -> [String] in
                        var values: [String] = []
                        for try await message in manager.serverStream(UnsteadyMetadata.Count.self, Google_Protobuf_Int32Value(1)) { values.append(message.value) }
                        return values
                    }
                }
                #expect(await waitUntil { clock.pendingWaits == 1 }, "the first failure schedules the wait")
                #expect(unsteady.events.count == 1)
                #expect(clock.advance(by: .seconds(30)) == 1)
                let values = try await reading.value.get()
                #expect(values == ["ok on call 2"])
                #expect(unsteady.events.count == 2)
            }
        }

        @Test("cancel during the wait between attempts ends the stream with canceled, and the next attempt never starts")
        func cancelDuringWait() async throws {
            let clock = ManualCallClock()
            let policy = RetryPolicy.always(attempts: 3, initialBackoff: .seconds(30), maxBackoff: .seconds(30))
            let starts = Mutex(0)
            let counting = ClosureInterceptor { request, _, next, completion in
                starts.withLock { $0 += 1 }
                next(request, completion)
            }
            try await Self.withUnsteady("connect", policy: policy, clock: clock, interceptors: [counting]) { manager, unsteady in
                let stream = manager.serverStream(UnsteadyMetadata.Count.self, Google_Protobuf_Int32Value(5))
                let reading = Task {
                    await Result { () async throws(ProtoHTTPError) in
                        for try await _ in stream {}
                    }
                }
                #expect(await waitUntil { clock.pendingWaits == 1 })
                stream.cancel()
                let failure = await reading.value
                #expect(failure.error?.code == .canceled, "\(String(describing: failure.error))")
                // The wait's work has run once this returns: a second attempt would have gone
                // through the interceptor by then.
                #expect(await clock.advanceAndRun(by: .seconds(30)) == 1)
                #expect(starts.withLock { $0 } == 1)
                #expect(unsteady.events.count == 1, "\(unsteady.events)")
            }
        }

        @Test("a wait that would pass the call's deadline is not taken: the first attempt's error, at once")
        func deadlineBoundsRetries() async throws {
            let clock = ManualCallClock()
            let policy = RetryPolicy.always(attempts: 3, initialBackoff: .seconds(10), maxBackoff: .seconds(10))
            try await Self.withUnsteady("grpc", policy: policy, clock: clock) { manager, unsteady in
                let failure = await Result { () async throws(ProtoHTTPError) in
                    for try await _ in manager.serverStream(UnsteadyMetadata.Count.self, Google_Protobuf_Int32Value(5), options: CallOptions(timeout: .seconds(5))) {}
                }
                #expect(failure.error?.code == .unavailable, "\(String(describing: failure.error))")
                #expect(clock.pendingWaits == 0)
                #expect(unsteady.events.count == 1)
            }
        }
    }
}
