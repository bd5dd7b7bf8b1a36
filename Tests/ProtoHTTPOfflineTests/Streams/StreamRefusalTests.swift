// StreamRefusalTests.swift: a stream asked to be cached or queued offline fails at once with a clear error; one asked for neither passes the stages by.
import ProtoHTTP
import ProtoHTTPCore
import ProtoHTTPOffline
import ProtoHTTPTestSupport
import ProtoWire
import Testing

@Suite("Streams and the offline stages")
struct StreamRefusalTests {
    /// A server-streaming method on a port nobody listens on.
    enum Watch: RPCMethod {
        typealias Input = Google_Protobuf_StringValue
        typealias Output = Google_Protobuf_StringValue
        static let name = "Watch", path = "/test.Feed/Watch"
        static let idempotencyLevel = IdempotencyLevel.noSideEffects
        static let isClientStreaming = false, isServerStreaming = true
    }

    func manager(_ queue: RecordingQueue) throws -> ProtoHTTPManager {
        let manager = try ProtoHTTPManager(configuration: ManagerConfiguration(baseURL: "http://127.0.0.1:\(try closedLoopbackPort())"))
        manager.use(queue: queue)
        manager.use(cache: MemoryResponseCache())
        return manager
    }

    func firstError(_ manager: ProtoHTTPManager, _ options: CallOptions) async -> ProtoHTTPError? {
        do throws(ProtoHTTPError) {
            for try await _ in manager.serverStream(Watch.self, Google_Protobuf_StringValue(), options: options) {}
            return nil
        } catch {
            return error
        }
    }

    @Test("CallOptions.cache on a stream: failed_precondition naming the method and what to change; nothing is sent")
    func cacheRefused() async throws {
        let queue = RecordingQueue()
        var options = CallOptions()
        options.cache = CacheOptions(policy: .cacheElseNetwork, time: .seconds(60))
        let error = await firstError(try manager(queue), options)
        #expect(error?.code == .failedPrecondition, "\(String(describing: error))")
        #expect(error?.message == "/test.Feed/Watch is a streaming method, and a stream is never cached (its messages are read as they arrive, not kept as one answer); call it without CallOptions.cache.")
        #expect(error?.neverReachedServer == false, "no transfer was tried")
    }

    @Test("CallOptions.queuesWhenOffline on a stream: failed_precondition, and the queue is handed nothing")
    func queueRefused() async throws {
        let queue = RecordingQueue()
        var options = CallOptions()
        options.queuesWhenOffline = true
        let error = await firstError(try manager(queue), options)
        #expect(error?.code == .failedPrecondition, "\(String(describing: error))")
        #expect(error?.message.hasPrefix("/test.Feed/Watch is a streaming method, and a stream is never queued offline") == true, "\(String(describing: error))")
        #expect(queue.calls.withLock { $0.isEmpty })
    }

    @Test("a stream asked for neither passes the installed stages by: its transfer is tried (and refused by the closed port)")
    func plainStreamGoes() async throws {
        let queue = RecordingQueue()
        let error = await firstError(try manager(queue), CallOptions())
        #expect(error?.neverReachedServer == true, "\(String(describing: error))")
        #expect(queue.calls.withLock { $0.isEmpty })
    }
}
