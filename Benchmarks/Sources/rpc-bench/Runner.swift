// Runner.swift: runs every (client, concurrency) case against one server and prints the RESULT lines.
import BenchSupport
#if canImport(Glibc)
import Glibc
#endif

/// Runs the cases in order, each with a fresh client, against an already started server:
///
/// ```
///  for n in options.concurrencies:
///    for client in options.clients:
///      make client ─► warm-up ─► window ─► RESULT line ─► shut client down
/// ```
///
/// Clients of one concurrency run back to back, so a slow spell of the machine touches
/// the clients being compared alike.
struct Runner {
    /// What to run.
    var options: Options
    /// The server's base URL.
    var baseURL: String
    /// The RESULT lines' ` server=` value; `nil` for nginx.
    var serverTag: String?
    /// Scratch space for clients that need files (wrk's script).
    var folder: TempFolder

    /// Runs every case and returns what each measured; the first failure ends the run.
    func run() async throws -> [CaseResult] {
        var results: [CaseResult] = []
        let timing = CaseTiming(warmupSeconds: options.warmup, windowSeconds: options.duration)
        for concurrency in options.concurrencies {
            for kind in options.clients {
                let client = try kind.make(baseURL: baseURL, concurrency: concurrency, folder: folder)
                let result: Result<Measurement, any Error>
                do {
                    result = .success(try await client.measure(concurrency: concurrency, timing: timing))
                } catch {
                    result = .failure(error)
                }
                await client.shutdown()
                let measurement = try result.get()
                let line = measurement.resultLine(client: client.name, concurrency: concurrency, serverTag: serverTag)
                print(line)
                print("#   \(measurement.calls) calls in \(fixed(measurement.seconds, digits: 2)) s")
                fflush(nil)  // all streams: RESULT lines reach a pipe as they are made
                results.append(CaseResult(client: kind, concurrency: concurrency, measurement: measurement))
            }
        }
        return results
    }
}
