// UnsteadyStreams.swift: test.Unsteady: streams that fail with unavailable on their first calls, before or after their first message, and what each call saw.
import HTTPTypes
import ProtoHTTPCore
import ProtoHTTPServer
import ProtoWire
import Synchronization

/// The `test.Unsteady` service, for streams' retries. Every method counts its calls (from 1)
/// and records one line per call with the `Idempotency-Key` it carried (`-` for none):
///
/// - `Count(Int32Value failures)`, server streaming: calls 1…`failures` fail with `unavailable`
///   before any message; a later call sends `"ok on call K"`. Records `count call K key=…`.
/// - `AfterOne(Int32Value)`, server streaming: every call sends `"1"`, then fails with
///   `unavailable`. Records `after-one call K key=…`.
/// - `Sum(stream Int32Value)`, client streaming: call 1 reads every request, then fails with
///   `unavailable`; later calls answer `"sum=S count=C"`. Records `sum call K saw C key=…`.
/// - `Echo(stream StringValue)`, bidirectional: call 1 reads one request, then fails with
///   `unavailable`; later calls answer each request upper-cased. Records `echo call K key=…`.
final class UnsteadyStreams: Sendable {
    private let log = Mutex<[String]>([])
    private let calls = Mutex<[String: Int]>([:])

    /// What the handlers recorded, in order.
    var events: [String] { log.withLock { $0 } }

    /// Counts a call of `method` and records `line(call)` with the call's idempotency key.
    private func call(_ method: String, _ context: ServerContext, _ line: (Int) -> String = { "call \($0)" }) -> Int {
        let number = calls.withLock { calls in
            calls[method, default: 0] += 1
            return calls[method]!
        }
        let key = context.requestHeaders[.idempotencyKey] ?? "-"
        log.withLock { $0.append("\(method) \(line(number)) key=\(key)") }
        return number
    }

    private static let unavailable = ProtoHTTPError(code: .unavailable, message: "not yet; try again")

    /// The service, ready to register.
    var definition: ServiceDefinition {
        ServiceDefinition(name: "test.Unsteady", methods: [
            .serverStreaming("/test.Unsteady/Count", Google_Protobuf_Int32Value.self, Google_Protobuf_StringValue.self) { request, response, context in
                let number = self.call("count", context)
                guard number > Int(request.value) else { throw Self.unavailable }
                try await response.send(Google_Protobuf_StringValue("ok on call \(number)"))
            },
            .serverStreaming("/test.Unsteady/AfterOne", Google_Protobuf_Int32Value.self, Google_Protobuf_StringValue.self) { _, response, context in
                _ = self.call("after-one", context)
                try await response.send(Google_Protobuf_StringValue("1"))
                throw Self.unavailable
            },
            .clientStreaming("/test.Unsteady/Sum", Google_Protobuf_Int32Value.self, Google_Protobuf_StringValue.self) { requests, context in
                var sum = 0
                var count = 0
                for try await request in requests {
                    sum += Int(request.value)
                    count += 1
                }
                let number = self.call("sum", context) { "call \($0) saw \(count)" }
                guard number > 1 else { throw Self.unavailable }
                return Google_Protobuf_StringValue("sum=\(sum) count=\(count)")
            },
            .bidirectionalStreaming("/test.Unsteady/Echo", Google_Protobuf_StringValue.self, Google_Protobuf_StringValue.self) { requests, response, context in
                let number = self.call("echo", context)
                for try await request in requests {
                    guard number > 1 else { throw Self.unavailable }
                    try await response.send(Google_Protobuf_StringValue(request.value.uppercased()))
                }
            },
        ])
    }
}

/// `test.Unsteady`'s methods as a generated client would describe them.
enum UnsteadyMetadata {
    enum Count: RPCMethod {
        typealias Input = Google_Protobuf_Int32Value
        typealias Output = Google_Protobuf_StringValue
        static let name = "Count", path = "/test.Unsteady/Count"
        static let idempotencyLevel = IdempotencyLevel.unknown
        static let isClientStreaming = false, isServerStreaming = true
    }

    /// `Count` as a method marked `NO_SIDE_EFFECTS`: safe to repeat without an opt-in.
    enum SafeCount: RPCMethod {
        typealias Input = Google_Protobuf_Int32Value
        typealias Output = Google_Protobuf_StringValue
        static let name = "Count", path = "/test.Unsteady/Count"
        static let idempotencyLevel = IdempotencyLevel.noSideEffects
        static let isClientStreaming = false, isServerStreaming = true
    }

    enum AfterOne: RPCMethod {
        typealias Input = Google_Protobuf_Int32Value
        typealias Output = Google_Protobuf_StringValue
        static let name = "AfterOne", path = "/test.Unsteady/AfterOne"
        static let idempotencyLevel = IdempotencyLevel.unknown
        static let isClientStreaming = false, isServerStreaming = true
    }

    enum Sum: RPCMethod {
        typealias Input = Google_Protobuf_Int32Value
        typealias Output = Google_Protobuf_StringValue
        static let name = "Sum", path = "/test.Unsteady/Sum"
        static let idempotencyLevel = IdempotencyLevel.unknown
        static let isClientStreaming = true, isServerStreaming = false
    }

    enum Echo: RPCMethod {
        typealias Input = Google_Protobuf_StringValue
        typealias Output = Google_Protobuf_StringValue
        static let name = "Echo", path = "/test.Unsteady/Echo"
        static let idempotencyLevel = IdempotencyLevel.unknown
        static let isClientStreaming = true, isServerStreaming = true
    }
}
