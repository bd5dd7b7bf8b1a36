// StreamingService.swift: test.Streams: one handler of each streaming kind on wrapper messages, and what they saw.
import HTTPTypes
import ProtoHTTPCore
import ProtoHTTPServer
import ProtoWire
import Synchronization

/// The `test.Streams` service:
///
/// - `Count(Int32Value n)`, server streaming: sends `"1"` … `"n"` (`StringValue`); a negative `n`
///   fails with `invalid_argument` before any message; records `count done n`.
/// - `Tag(Int32Value)`, server streaming: one message, the request's `x-stream-tag` header (or
///   `"none"`).
/// - `CountThenFail(Int32Value n)`, server streaming: sends `"1"` … `"n"`, then fails with
///   `not_found`, message `gone after n`, the request as a detail.
/// - `Forever(Int32Value size)`, server streaming: sends messages of `size` bytes until a send
///   throws; counts them (``foreverSent``) and records `forever ended <code>`.
/// - `Sum(stream Int32Value)`, client streaming: answers `"sum=S count=C"`; records `sum saw C`,
///   or `sum failed <code>` when reading the stream throws.
/// - `Echo(stream StringValue)`, bidirectional: answers each message upper-cased as it comes; a
///   message `"fail"` ends the call with `aborted`; records `echo done C`.
final class StreamingService: Sendable {
    private let log = Mutex<[String]>([])
    private let sent = Mutex(0)

    /// What the handlers recorded, in order.
    var events: [String] { log.withLock { $0 } }
    /// How many messages `Forever` has sent so far.
    var foreverSent: Int { sent.withLock { $0 } }

    private func record(_ event: String) { log.withLock { $0.append(event) } }

    private static func text(_ value: String) -> Google_Protobuf_StringValue {
        var message = Google_Protobuf_StringValue()
        message.value = value
        return message
    }

    /// The service, ready to register.
    var definition: ServiceDefinition {
        ServiceDefinition(name: "test.Streams", methods: [
            .serverStreaming("/test.Streams/Count", Google_Protobuf_Int32Value.self, Google_Protobuf_StringValue.self) { request, response, _ in
                guard request.value >= 0 else { throw ProtoHTTPError(code: .invalidArgument, message: "count must not be negative") }
                for i in 0..<Int(request.value) { try await response.send(Self.text(String(i + 1))) }
                self.record("count done \(request.value)")
            },
            .serverStreaming("/test.Streams/Tag", Google_Protobuf_Int32Value.self, Google_Protobuf_StringValue.self) { _, response, context in
                try await response.send(Self.text(context.requestHeaders[HTTPField.Name("x-stream-tag")!] ?? "none"))
            },
            .serverStreaming("/test.Streams/CountThenFail", Google_Protobuf_Int32Value.self, Google_Protobuf_StringValue.self) { request, response, _ in
                for i in 0..<Int(request.value) { try await response.send(Self.text(String(i + 1))) }
                throw ProtoHTTPError(code: .notFound, message: "gone after \(request.value)",
                                     details: [ErrorDetail(type: Google_Protobuf_Int32Value.protoMessageName, value: request.serializedBytes())])
            },
            .serverStreaming("/test.Streams/Forever", Google_Protobuf_Int32Value.self, Google_Protobuf_StringValue.self) { request, response, _ in
                let message = Self.text(String(repeating: "x", count: Int(max(0, request.value))))
                do {
                    while true {
                        try await response.send(message)
                        self.sent.withLock { $0 += 1 }
                    }
                } catch {
                    self.record("forever ended \((error as? ProtoHTTPError)?.code.name ?? "\(error)")")
                    throw error
                }
            },
            .clientStreaming("/test.Streams/Sum", Google_Protobuf_Int32Value.self, Google_Protobuf_StringValue.self) { requests, _ in
                var sum = 0
                var count = 0
                do {
                    for try await request in requests {
                        sum += Int(request.value)
                        count += 1
                    }
                } catch {
                    self.record("sum failed \((error as? ProtoHTTPError)?.code.name ?? "\(error)")")
                    throw error
                }
                self.record("sum saw \(count)")
                return Self.text("sum=\(sum) count=\(count)")
            },
            .bidirectionalStreaming("/test.Streams/Echo", Google_Protobuf_StringValue.self, Google_Protobuf_StringValue.self) { requests, response, _ in
                var count = 0
                for try await request in requests {
                    if request.value == "fail" { throw ProtoHTTPError(code: .aborted, message: "asked to fail after \(count)") }
                    count += 1
                    try await response.send(Self.text(request.value.uppercased()))
                }
                self.record("echo done \(count)")
            },
        ])
    }
}

/// `test.Streams`'s methods as a generated client would describe them.
enum StreamsMetadata {
    /// Declares one method of `test.Streams` in a line.
    protocol Method: RPCMethod {}

    enum Count: Method {
        typealias Input = Google_Protobuf_Int32Value
        typealias Output = Google_Protobuf_StringValue
        static let name = "Count", path = "/test.Streams/Count"
        static let idempotencyLevel = IdempotencyLevel.unknown
        static let isClientStreaming = false, isServerStreaming = true
    }

    enum Tag: Method {
        typealias Input = Google_Protobuf_Int32Value
        typealias Output = Google_Protobuf_StringValue
        static let name = "Tag", path = "/test.Streams/Tag"
        static let idempotencyLevel = IdempotencyLevel.unknown
        static let isClientStreaming = false, isServerStreaming = true
    }

    enum CountThenFail: Method {
        typealias Input = Google_Protobuf_Int32Value
        typealias Output = Google_Protobuf_StringValue
        static let name = "CountThenFail", path = "/test.Streams/CountThenFail"
        static let idempotencyLevel = IdempotencyLevel.unknown
        static let isClientStreaming = false, isServerStreaming = true
    }

    enum Forever: Method {
        typealias Input = Google_Protobuf_Int32Value
        typealias Output = Google_Protobuf_StringValue
        static let name = "Forever", path = "/test.Streams/Forever"
        static let idempotencyLevel = IdempotencyLevel.unknown
        static let isClientStreaming = false, isServerStreaming = true
    }

    enum Sum: Method {
        typealias Input = Google_Protobuf_Int32Value
        typealias Output = Google_Protobuf_StringValue
        static let name = "Sum", path = "/test.Streams/Sum"
        static let idempotencyLevel = IdempotencyLevel.unknown
        static let isClientStreaming = true, isServerStreaming = false
    }

    enum Echo: Method {
        typealias Input = Google_Protobuf_StringValue
        typealias Output = Google_Protobuf_StringValue
        static let name = "Echo", path = "/test.Streams/Echo"
        static let idempotencyLevel = IdempotencyLevel.unknown
        static let isClientStreaming = true, isServerStreaming = true
    }
}
