// GRPCBench.swift: `rpc-bench --protocol grpc`: ProtoHTTP's gRPC client and server against grpc-swift 2's, Echo over h2c, checked then measured.
import BenchProcesses
import BenchSupport
import BenchLibcurlC
import ProtoHTTP
import ProtoHTTPCore
#if canImport(Glibc)
import Glibc
#endif

/// The gRPC comparison, in its own run:
///
/// ```
///  start two server children: ProtoHTTPServer (one event loop) and grpc-swift 2's GRPCServer
///  interop: each client calls each server's Echo (the answer must decode and match) and a
///           missing method (the code must be unimplemented)
///  for n in --concurrency, for each server:
///    --rounds times (default 3), each client in turn (ours, grpc-swift's, h2load): warm-up, window
///      #   round <k> client=<c>: calls, rate, both sides' CPU µs per call
///    for each client, its median round:
///    RESULT client=<c> server=<s> protocol=grpc concurrency=<n> rps=<r> cpu_us_per_call=<u>
///    #   median of <k> round(s): calls, rate, and the server's CPU µs per call
///  # ratio lines: ours over grpc-swift's, client side (same server) and server side (same
///    client; under h2load the servers' own limit, as the target asks)
/// ```
///
/// `cpu_us_per_call` is the client process's CPU; the server child's is on the `#` line under it.
/// Interleaved rounds: this VM's speed drifts by a third within a minute, and clients measured
/// one after another each got their own stretch of it (the client ratio at 64 calls in flight
/// swung 1.37-1.67 between runs of one build).
/// Usage: `rpc-bench --protocol grpc [--duration S] [--warmup S] [--concurrency 1,64] [--rounds N]`.
enum GRPCBench {
    /// The flag that selects this mode; its value must be `grpc`.
    static let flag = "--protocol"

    /// The two implementations, as the RESULT lines name them.
    static let implementations = ["protohttp", "grpc-swift"]
    /// The clients measured against each server: both implementations', then h2load, the
    /// load generator whose rates judge the servers (its CPU per call is a fraction of theirs).
    static let clients = implementations + ["h2load"]

    /// Runs the comparison; returns the exit status.
    static func run(_ arguments: [String]) async -> Int32 {
        guard arguments.first == "grpc" else {
            report("\(flag) takes grpc (the HTTP protocols are rpc-bench's default run)")
            return 2
        }
        let options = Options.parse(Array(arguments.dropFirst()))
        let folder: TempFolder
        do {
            folder = try TempFolder.make(for: "rpc-bench")
        } catch {
            report("\(error)")
            return 1
        }
        defer { folder.remove() }
        let servers = [
            ProtoHTTPBenchServer(folder: folder, threads: 1),
            ProtoHTTPBenchServer(folder: folder, name: "grpc-swift", arguments: [GRPCSwiftServeCommand.flag]),
        ]
        defer { servers.forEach { $0.stop() } }
        do {
            var targets: [(name: String, baseURL: String, port: Int, pid: pid_t?)] = []
            for server in servers {
                let baseURL = try server.start()
                guard let port = baseURL.split(separator: ":").last.flatMap({ Int($0) }) else { throw BenchError("no port in \(baseURL)") }
                targets.append((server.name, baseURL, port, server.pid))
                print("# rpc-bench: protocol=grpc server=\(server.name) url=\(baseURL)\(Workload.path) h2c warmup=\(options.warmup)s window=\(options.duration)s")
            }
            for target in targets {
                for client in implementations {
                    try await interop(client: client, server: target.name, baseURL: target.baseURL, port: target.port)
                }
            }
            var rates: [String: Double] = [:]
            for concurrency in options.concurrencies {
                for target in targets {
                    let timing = CaseTiming(warmupSeconds: options.warmup, windowSeconds: options.duration, serverPID: target.pid)
                    let measured = clients.filter { name in
                        guard name == "protohttp", target.name == "grpc-swift", curlResetsEveryStream else { return true }
                        print("# grpc c=\(concurrency): client=protohttp server=grpc-swift not measured: libcurl \(curlVersion) sends RST_STREAM"
                            + " after every HTTP/2 call (fixed in 8.0) and grpc-swift's server ends a connection past 200 of them in 10 s")
                        return false
                    }
                    var rounds: [String: [Measurement]] = [:]
                    for round in 1...options.rounds {
                        for name in measured {
                            let measurement = try await measure(name, target: target, concurrency: concurrency, timing: timing, folder: folder)
                            rounds[name, default: []].append(measurement)
                            print("#   round \(round) client=\(name): \(describe(measurement, server: target.name))")
                            fflush(nil)
                        }
                    }
                    for name in measured {
                        guard let median = Self.median(rounds[name] ?? []) else { continue }
                        print("RESULT client=\(name) server=\(target.name) protocol=grpc concurrency=\(concurrency)"
                            + " rps=\(fixed(median.callsPerSecond, digits: 1)) cpu_us_per_call=\(fixed(median.cpuMicrosecondsPerCall, digits: 2))")
                        print("#   median of \(options.rounds) round(s): \(describe(median, server: target.name))")
                        fflush(nil)
                        rates["\(name)|\(target.name)|\(concurrency)"] = median.callsPerSecond
                    }
                }
            }
            for concurrency in options.concurrencies {
                func ratio(_ a: String, _ b: String) -> String {
                    guard let x = rates[a], let y = rates[b], y > 0 else { return "n/a" }
                    return fixed(x / y, digits: 2)
                }
                for server in implementations {
                    print("# grpc c=\(concurrency): client protohttp/grpc-swift against server=\(server): "
                        + ratio("protohttp|\(server)|\(concurrency)", "grpc-swift|\(server)|\(concurrency)"))
                }
                for client in clients {
                    print("# grpc c=\(concurrency): server protohttp/grpc-swift under client=\(client): "
                        + ratio("\(client)|protohttp|\(concurrency)", "\(client)|grpc-swift|\(concurrency)"))
                }
            }
            return 0
        } catch {
            report("\(error)")
            return 1
        }
    }

    /// Whether the linked libcurl is older than 8.0, which resets every HTTP/2 stream after its
    /// answer; NIOHTTP2-based servers that keep swift-nio-http2's reset limits (grpc-swift 2:
    /// 200 in 10 s) end such a client's connection within a second at these rates.
    static let curlResetsEveryStream = bench_curl_version_num() < 0x08_00_00

    /// One window of `name` against `target`, with a client made for it and shut down after.
    private static func measure(_ name: String, target: (name: String, baseURL: String, port: Int, pid: pid_t?), concurrency: Int,
                                timing: CaseTiming, folder: TempFolder) async throws -> Measurement {
        let client = try makeClient(name, baseURL: target.baseURL, port: target.port, concurrency: concurrency, folder: folder)
        let result: Result<Measurement, any Error>
        do {
            result = .success(try await client.measure(concurrency: concurrency, timing: timing))
        } catch {
            result = .failure(error)
        }
        await client.shutdown()
        return try result.get()
    }

    /// The round with the median rate (the lower middle one of an even count).
    static func median(_ rounds: [Measurement]) -> Measurement? {
        let sorted = rounds.sorted { $0.callsPerSecond < $1.callsPerSecond }
        return sorted.isEmpty ? nil : sorted[(sorted.count - 1) / 2]
    }

    /// A window's figures for a `#` line: calls, time, rate, and both sides' CPU per call.
    private static func describe(_ measurement: Measurement, server: String) -> String {
        var text = "\(measurement.calls) calls in \(fixed(measurement.seconds, digits: 2)) s, rps \(fixed(measurement.callsPerSecond, digits: 1)),"
            + " client cpu \(fixed(measurement.cpuMicrosecondsPerCall, digits: 2)) us/call"
        if let serverCPU = measurement.serverCPUMicrosecondsPerCall {
            text += ", server \(server) cpu \(fixed(serverCPU, digits: 2)) us/call"
        }
        return text
    }

    /// The linked libcurl's version, e.g. `7.88.1`.
    static var curlVersion: String { String(cString: bench_curl_version()) }

    private static func makeClient(_ name: String, baseURL: String, port: Int, concurrency: Int, folder: TempFolder) throws -> any BenchClient {
        switch name {
        case "protohttp": try ProtoHTTPClient(baseURL: baseURL, concurrency: concurrency, wireProtocol: .grpc)
        case "grpc-swift": try GRPCSwiftClient(port: port)
        default: try H2loadClient(baseURL: baseURL, folder: folder)
        }
    }

    /// One Echo and one call to a missing method, from `client` to `server`; throws on any difference.
    private static func interop(client: String, server: String, baseURL: String, port: Int) async throws {
        let echoed: Workload.Response
        let missing: String
        if client == "protohttp" {
            let ours = try ProtoHTTPClient(baseURL: baseURL, concurrency: 1, wireProtocol: .grpc)
            defer { ours.manager.transport.shutdown() }
            echoed = try await ours.manager.post(Workload.path, Workload.request(), as: Workload.Response.self)
            do {
                _ = try await ours.manager.post("/protohttp.bench.Bench/Missing", Workload.request(), as: Workload.Response.self)
                missing = "ok"
            } catch {
                missing = error.code.name
            }
        } else {
            let theirs = try GRPCSwiftClient(port: port)
            echoed = try await theirs.echo()
            missing = (await theirs.callMissing()).map { "\($0)" } ?? "ok"
            await theirs.shutdown()
        }
        guard echoed == Workload.expectedResponse else { throw BenchError("interop \(client) -> \(server): Echo answered \(echoed)") }
        guard missing.lowercased().hasPrefix("unimplemented") else {  // each client names the code its own way; the name leads
            throw BenchError("interop \(client) -> \(server): a missing method ended \(missing), not unimplemented")
        }
        print("# interop client=\(client) server=\(server) protocol=grpc echo=ok missing_method=unimplemented")
    }
}
