// AsyncHTTPClientClient.swift: the `asynchttpclient` client: AsyncHTTPClient 1.37's async execute, HTTP/1.1.
import BenchProcesses
import AsyncHTTPClient
import NIOCore
import ProtoWire

/// AsyncHTTPClient as its documentation shows it: one `HTTPClient` on the shared NIO event
/// loop group, `execute(_:timeout:)` with an `HTTPClientRequest`, the body collected into a
/// `ByteBuffer` and decoded in place with ProtoWire. HTTP/1.1 only, with a connection pool
/// as large as the concurrency (the default soft limit, 8, would cap it).
///
/// Each loop is a child task of one task group.
final class AsyncHTTPClientClient: LoopClient {
    /// `"asynchttpclient"`.
    let name = "asynchttpclient"
    private let client: HTTPClient
    private let url: String

    /// Creates a client for `baseURL` that may open `concurrency` connections.
    init(baseURL: String, concurrency: Int) {
        var configuration = HTTPClient.Configuration()
        configuration.httpVersion = .http1Only
        configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = max(8, concurrency)
        client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
        url = baseURL + Workload.path
    }

    /// Runs `concurrency` child tasks, each a loop of calls.
    func runLoops(concurrency: Int, recorder: CallRecorder) async {
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<concurrency {
                group.addTask { await self.loop(recorder: recorder) }
            }
        }
    }

    private func loop(recorder: CallRecorder) async {
        while true {
            let startedAt = MonotonicClock.nanoseconds()
            do {
                var request = HTTPClientRequest(url: url)
                request.method = .POST
                request.headers.add(name: "Content-Type", value: Workload.contentType)
                request.body = .bytes(ByteBuffer(bytes: Workload.request().serializedBytes()))
                let response = try await client.execute(request, timeout: .seconds(60))
                let body = try await response.body.collect(upTo: 1 << 20)
                guard response.status == .ok else {
                    recorder.callFailed("asynchttpclient: HTTP status \(response.status.code)")
                    return
                }
                let message = try body.withUnsafeReadableBytes { try Workload.Response(serializedBytes: $0) }
                guard message == Workload.expectedResponse else {
                    recorder.callFailed("asynchttpclient: unexpected response \(message)")
                    return
                }
            } catch {
                recorder.callFailed("asynchttpclient: \(error)")
                return
            }
            guard recorder.callSucceeded(startedAt: startedAt) else { return }
        }
    }

    /// Closes the connections (the shared event loop group stays).
    func shutdown() async {
        try? await client.shutdown()
    }
}
