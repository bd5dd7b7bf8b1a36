// DeadlinePropagationTests.swift: a client call made inside a handler gets at most the time left before the handler's deadline.
import Foundation
import ProtoHTTP
import ProtoHTTPCore
import ProtoHTTPServer
import ProtoWire
import Synchronization
import Testing

extension ServerTests {
    @Suite("Deadline propagation")
    struct DeadlinePropagationTests {
        /// The manager `Forward` calls through, set once the server's port is known.
        final class Inner: Sendable {
            let manager = Mutex<ProtoHTTPManager?>(nil)
        }

        /// `test.Relay/Peek` answers the milliseconds left before its own deadline ("none"
        /// without one); `test.Relay/Forward` calls `Peek` through the inner manager (with
        /// that manager's 60 s timeout) and answers what `Peek` answered.
        static func relay(_ inner: Inner) -> ServiceDefinition {
            ServiceDefinition(name: "test.Relay", methods: [
                .unary("/test.Relay/Peek", Google_Protobuf_StringValue.self, Google_Protobuf_StringValue.self) { _, context in
                    guard let deadline = context.deadline else { return Google_Protobuf_StringValue("none") }
                    let left = ContinuousClock.now.duration(to: deadline)
                    return Google_Protobuf_StringValue(String(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000))
                },
                .unary("/test.Relay/Forward", Google_Protobuf_StringValue.self, Google_Protobuf_StringValue.self) { request, _ in
                    guard let manager = inner.manager.withLock({ $0 }) else { throw ProtoHTTPError(code: .internal, message: "no inner manager") }
                    return try await manager.post("/test.Relay/Peek", request, as: Google_Protobuf_StringValue.self)
                },
            ])
        }

        /// Milliseconds `Peek` had left when reached through `Forward` called with `outer`
        /// (nil: "none"), the inner manager over `wire` inheriting or not.
        static func peekThroughForward(outer: CallTimeout, wire: any WireProtocol, inherits: Bool) async throws -> Int? {
            let inner = Inner()
            return try await withServer(extraServices: [Self.relay(inner)]) { server in
                var configuration = ManagerConfiguration(baseURL: server.baseURL)
                configuration.wireProtocol = wire
                configuration.timeout = .seconds(60)
                configuration.inheritsHandlerDeadline = inherits
                inner.manager.withLock { $0 = try? ProtoHTTPManager(configuration: configuration, transport: server.transport) }
                let outerManager = try server.manager(ConnectProtocol())
                let answer = try await outerManager.post("/test.Relay/Forward", Google_Protobuf_StringValue("x"), as: Google_Protobuf_StringValue.self,
                                                         options: CallOptions(timeout: outer))
                return Int(answer.value)
            }
        }

        @Test("a call inside a handler with a 3 s deadline gets what is left of it, not its manager's 60 s", arguments: ["connect", "grpc"])
        func inherits(_ name: String) async throws {
            let left = try await Self.peekThroughForward(outer: .seconds(3), wire: name == "grpc" ? GRPCProtocol() : ConnectProtocol(), inherits: true)
            let milliseconds = try #require(left, "the inner call reached Peek without a deadline")
            #expect(milliseconds > 0 && milliseconds <= 3_000)
        }

        @Test("with inheritsHandlerDeadline off, the call inside the handler keeps its manager's 60 s")
        func optOut() async throws {
            let left = try #require(try await Self.peekThroughForward(outer: .seconds(3), wire: ConnectProtocol(), inherits: false))
            #expect(left > 3_000 && left <= 60_000)
        }

        @Test("a handler whose request has no deadline passes none on: the call inside it has its manager's 60 s")
        func nothingToInherit() async throws {
            let left = try #require(try await Self.peekThroughForward(outer: .unlimited, wire: ConnectProtocol(), inherits: true))
            #expect(left > 3_000 && left <= 60_000)
        }

        @Test("the limit a call resolves to: its own, capped by the handler's time left; zero once that has passed")
        func resolution() {
            #expect(CallTimeout.seconds(5).resolved(manager: .seconds(60), inheriting: true) == .seconds(5))
            HandlerDeadline.$current.withValue(.now + .seconds(2)) {
                let capped = CallTimeout.managerDefault.resolved(manager: .seconds(60), inheriting: true)
                #expect(capped.map { $0 > .zero && $0 <= .seconds(2) } == true)
                #expect(CallTimeout.unlimited.resolved(manager: .seconds(60), inheriting: true).map { $0 <= .seconds(2) } == true)
                #expect(CallTimeout.milliseconds(100).resolved(manager: .seconds(60), inheriting: true) == .milliseconds(100))
                #expect(CallTimeout.managerDefault.resolved(manager: .seconds(60), inheriting: false) == .seconds(60))
            }
            HandlerDeadline.$current.withValue(.now - .seconds(1)) {
                #expect(CallTimeout.seconds(5).resolved(manager: nil, inheriting: true) == .zero)
            }
        }
    }
}
