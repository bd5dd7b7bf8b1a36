// Runner.swift: runs every (concurrency, server, client) case against the started servers and prints the RESULT lines.
import BenchProcesses
import BenchSupport
#if canImport(Glibc)
import Glibc
#endif

/// A started server as the runner needs it: where it listens, what to tag its lines with,
/// whose CPU to read, and which clients call it.
struct ServerTarget: Sendable {
    /// The RESULT lines' ` server=` value; `nil` for nginx.
    var tag: String?
    /// The server's base URL.
    var baseURL: String
    /// The server's process, for its CPU time per case.
    var pid: pid_t?
    /// The clients to run against it, in order.
    var clients: [ClientKind]
}

/// Runs the cases in order, each with a fresh client, against already started servers:
///
/// ```
///  for n in options.concurrencies:
///    for server in servers:              (nginx, then ProtoHTTPServer)
///      for client in server's clients:
///        make client ─► warm-up ─► window ─► RESULT line ─► shut client down
/// ```
///
/// Clients of one concurrency run back to back, against both servers, so a slow spell of the
/// machine touches the clients and servers being compared alike.
struct Runner {
    /// What to run.
    var options: Options
    /// The started servers.
    var servers: [ServerTarget]
    /// Scratch space for clients that need files (wrk's script).
    var folder: TempFolder

    /// Runs every case and returns what each measured; the first failure ends the run.
    func run() async throws -> [CaseResult] {
        var results: [CaseResult] = []
        for concurrency in options.concurrencies {
            for server in servers {
                let timing = CaseTiming(warmupSeconds: options.warmup, windowSeconds: options.duration, serverPID: server.pid)
                for kind in server.clients {
                    let client = try kind.make(baseURL: server.baseURL, concurrency: concurrency, folder: folder)
                    let result: Result<Measurement, any Error>
                    do {
                        result = .success(try await client.measure(concurrency: concurrency, timing: timing))
                    } catch {
                        result = .failure(error)
                    }
                    await client.shutdown()
                    let measurement = try result.get()
                    print(measurement.resultLine(client: client.name, concurrency: concurrency, serverTag: server.tag))
                    var note = "#   \(measurement.calls) calls in \(fixed(measurement.seconds, digits: 2)) s"
                    if let serverCPU = measurement.serverCPUMicrosecondsPerCall {
                        note += ", server \(server.tag ?? "nginx") cpu \(fixed(serverCPU, digits: 2)) us/call"
                    }
                    print(note)
                    fflush(nil)  // all streams: RESULT lines reach a pipe as they are made
                    results.append(CaseResult(server: server.tag, client: kind, concurrency: concurrency, measurement: measurement))
                }
            }
        }
        return results
    }
}
