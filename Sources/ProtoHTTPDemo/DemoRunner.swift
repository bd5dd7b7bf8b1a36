// DemoRunner.swift: `protohttp-demo` (`make demo`): serves notes.Notes in-process and calls it every way the client can, checking each step.
import ProtoHTTPDemoService


/// The RPC demo, start to finish: it starts a ``DemoServer`` on a free loopback port, then,
/// section by section,
///
/// ```
/// 1. Start the server           ProtoHTTPServer + NotesService + a JSON-only PlainRoute
/// 2. Every method …             connect, twirp, plain × binary, JSON; generated client, async
/// 3. The callback form          completion → success | failure, in the order they fire
/// 4. The async form's errors    ProtoHTTPError: code, HTTP status, message, details, meta
/// 5. Falling back to JSON       HTTP 415 for binary → retry with CallOptions(encoding: .json)
/// 6. The access log             the server's last log lines
/// 7. The request layer          a batch, a chain, a retry and a Connect GET
/// 8. Compression both ways      gzip requests and responses, seen through progress reports
/// 9. Streams                    a server stream and a bidirectional exchange, over gRPC and Connect
/// 10. Offline                   a cached read; a call queued while its server is down, replayed
/// 11. Shut down gracefully      connections closed, later calls fail
/// ```
///
/// Every step checks what it shows; ``run()`` returns 0 when all checks passed.
///
/// ```swift
/// let status = await DemoRunner().run()     // prints to stdout
/// ```
public struct DemoRunner: Sendable {
    private let write: @Sendable (String) -> Void

    /// A runner that writes each line of its output with `write` (`print` by default).
    public init(write: @escaping @Sendable (String) -> Void = { print($0) }) {
        self.write = write
    }

    /// Runs the demo and returns the exit status: 0 when every check passed, 1 otherwise.
    public func run() async -> Int32 {
        let out = DemoOutput(write: write)
        let checks = DemoChecks(output: out)
        let serverLog = DemoLogCapture()
        out.title("ProtoHTTP RPC demo", [
            "The notes.Notes service (Protos/demo/notes.proto) runs in this process on ProtoHTTPServer (SwiftNIO);",
            "the generated Notes_NotesClient calls it over loopback through ProtoHTTPManager (libcurl).",
            "Every step checks its own result; the exit status says whether all of them held.",
        ])

        let server: DemoServer
        let clients: DemoClients
        do {
            server = try DemoServer(logger: serverLog.logger(label: "protohttp.server"))
            try await server.start()
        } catch {
            out.line("✗ the server did not start: \(error)")
            return 1
        }
        do {
            clients = try DemoClients(baseURL: server.baseURL)
        } catch {
            out.line("✗ the client transport did not start: \(error)")
            await server.shutdown()
            return 1
        }

        let demo = DemoContext(out: out, checks: checks, server: server, serverLog: serverLog, clients: clients)
        await StartStep.run(demo)
        await TourStep.run(demo)
        await CallbackStep.run(demo)
        await AsyncErrorsStep.run(demo)
        await JSONFallbackStep.run(demo)
        await AccessLogStep.run(demo)
        await RequestLayerStep.run(demo)
        await CompressionStep.run(demo)
        await StreamsStep.run(demo)
        await OfflineStep.run(demo)
        await ShutdownStep.run(demo)
        clients.transport.shutdown()
        return summarize(checks, out)
    }

    private func summarize(_ checks: DemoChecks, _ out: DemoOutput) -> Int32 {
        let failures = checks.failures
        out.line()
        if failures.isEmpty {
            out.line("Done: all \(checks.passed) checks held.")
            return 0
        }
        out.line("Done: \(failures.count) of \(checks.passed + failures.count) checks failed:")
        failures.forEach { out.line("  ✗ " + $0) }
        return 1
    }
}
