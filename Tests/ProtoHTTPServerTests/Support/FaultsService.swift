// FaultsService.swift: test.Faults: slow, stubborn, holding, crashing, refusing, thread-reporting and unencodable handlers, and what they saw.
#if canImport(Glibc)
import Glibc
#endif
import ProtoHTTP
import ProtoHTTPDemo
import ProtoHTTPServer
import ProtoHTTPTestSupport
import ProtoWire
import Synchronization
import ProtoHTTPCore
import ProtoHTTPDemoService

/// The `test.Faults` service:
///
/// - `Slow(Int32Value ms)`: sleeps that long, honouring cancellation; records `slow started`,
///   then `slow finished` or `slow cancelled`. A negative `ms` waits for ``release()`` instead.
/// - `Stubborn(Int32Value ms)`: waits that long ignoring cancellation; records `stubborn started`
///   and `stubborn finished`. A negative `ms` waits for ``release()`` instead.
/// - `Hold(Int32Value ms)`: polls `Task.isCancelled` every millisecond for up to that long,
///   never throwing; records `hold started`, then `hold saw cancellation` or `hold finished`.
/// - `Crash(Empty)`: throws a plain Swift error whose text is ``FaultsService/secret``.
/// - `Refuse(StringValue code)`: throws `ProtoHTTPError` with that code (Connect name), message
///   `asked to fail`, the request as a detail and `meta {"reason": "asked"}`.
/// - `Where(Empty)`: the name of the thread the handler runs on, before and after it suspends
///   once: `"<before> <after>"` (`StringValue`).
/// - `BadTimestamp(Empty)`: returns a `notes.Note` whose `created_at` is past year 9999, which
///   binary protobuf carries and JSON cannot.
/// - `Ping(Empty)`: counts the call (``pings``) and answers `Empty`.
final class FaultsService: Sendable {
    /// Text that must stay in the server: it is only in the error `Crash` throws.
    static let secret = "db password is hunter2"

    private let log = Mutex<[String]>([])
    /// What `Slow` and `Stubborn` with a negative duration wait for.
    let gate = ReleaseGate()

    /// Lets every handler waiting for the test go on (and any later one run straight through).
    func release() { gate.open() }

    /// What the handlers recorded, in order.
    var events: [String] { log.withLock { $0 } }

    private let pingCount = Mutex(0)
    /// How many `Ping` calls the server has served.
    var pings: Int { pingCount.withLock { $0 } }

    private func record(_ event: String) { log.withLock { $0.append(event) } }

    /// The service, ready to register.
    var definition: ServiceDefinition {
        ServiceDefinition(name: "test.Faults", methods: [
            .unary("/test.Faults/Slow", Google_Protobuf_Int32Value.self, Google_Protobuf_Empty.self) { request, _ in
                self.record("slow started")
                do {
                    if request.value < 0 {
                        try await self.gate.wait()
                    } else {
                        try await Task.sleep(for: .milliseconds(Int(request.value)))  // the handler's deliberate delay
                    }
                } catch {
                    self.record("slow cancelled")
                    throw error
                }
                self.record("slow finished")
                return Google_Protobuf_Empty()
            },
            .unary("/test.Faults/Stubborn", Google_Protobuf_Int32Value.self, Google_Protobuf_Empty.self) { request, _ in
                self.record("stubborn started")
                // A detached task does not inherit the handler's cancellation.
                if request.value < 0 {
                    await self.gate.waitIgnoringCancellation()
                } else {
                    await Task.detached { try? await Task.sleep(for: .milliseconds(Int(request.value))) }.value  // deliberate delay
                }
                self.record("stubborn finished")
                return Google_Protobuf_Empty()
            },
            .unary("/test.Faults/Hold", Google_Protobuf_Int32Value.self, Google_Protobuf_Empty.self) { request, _ in
                self.record("hold started")
                let end = ContinuousClock.now + .milliseconds(Int(request.value))
                while ContinuousClock.now < end && !Task.isCancelled {
                    try? await Task.sleep(for: .milliseconds(1))  // the hold's poll interval: it ends early when cancelled
                }
                self.record(Task.isCancelled ? "hold saw cancellation" : "hold finished")
                return Google_Protobuf_Empty()
            },
            .unary("/test.Faults/Crash", Google_Protobuf_Empty.self, Google_Protobuf_Empty.self) { _, _ in
                throw SecretFailure()
            },
            .unary("/test.Faults/Refuse", Google_Protobuf_StringValue.self, Google_Protobuf_Empty.self) { request, _ in
                guard let code = ProtoHTTPError.Code(name: request.value) else {
                    throw ProtoHTTPError(code: .invalidArgument, message: "\(request.value) is not a code name")
                }
                throw ProtoHTTPError(
                    code: code, message: "asked to fail",
                    details: [ErrorDetail(type: Google_Protobuf_StringValue.protoMessageName, value: request.serializedBytes())],
                    meta: ["reason": "asked"]
                )
            },
            .unary("/test.Faults/Where", Google_Protobuf_Empty.self, Google_Protobuf_StringValue.self) { _, _ in
                let before = currentThreadName()
                try await Task.sleep(for: .milliseconds(1))  // a deliberate suspension: where the handler resumes is what it reports
                return Google_Protobuf_StringValue("\(before) \(currentThreadName())")
            },
            .unary("/test.Faults/BadTimestamp", Google_Protobuf_Empty.self, Notes_Note.self) { _, _ in
                var note = Notes_Note()
                note.id = "bad"
                note.createdAt = Google_Protobuf_Timestamp(seconds: Google_Protobuf_Timestamp.maxSeconds + 1)
                return note
            },
            .unary("/test.Faults/Ping", Google_Protobuf_Empty.self, Google_Protobuf_Empty.self) { _, _ in
                self.pingCount.withLock { $0 += 1 }
                return Google_Protobuf_Empty()
            },
        ])
    }
}

/// The calling thread's name (its `comm`); NIO names its event-loop threads `NIO-ELT-…`.
func currentThreadName() -> String {
    let fd = open("/proc/thread-self/comm", O_RDONLY)
    guard fd >= 0 else { return "?" }
    defer { close(fd) }
    var bytes = [UInt8](repeating: 0, count: 64)
    let count = read(fd, &bytes, bytes.count)
    guard count > 0 else { return "?" }
    return String(decoding: bytes[..<count], as: UTF8.self).trimmingSuffix("\n")
}

private extension String {
    func trimmingSuffix(_ suffix: String) -> String { hasSuffix(suffix) ? String(dropLast(suffix.count)) : self }
}

/// A failure that is not a `ProtoHTTPError`, with text the client must not see.
struct SecretFailure: Error, CustomStringConvertible {
    var description: String { "lookup failed: \(FaultsService.secret)" }
}

extension Google_Protobuf_Int32Value {
    /// `ms` milliseconds, for `Slow` and `Stubborn`.
    static func ms(_ value: Int32) -> Google_Protobuf_Int32Value { Google_Protobuf_Int32Value(value) }
}
