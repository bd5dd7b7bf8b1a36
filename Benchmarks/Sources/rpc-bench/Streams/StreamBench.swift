// StreamBench.swift: `rpc-bench --streams`: a server stream of a million small messages and a bidi echo of 100,000, ProtoHTTP's client and server against grpc-swift 2's.
import BenchProcesses
import BenchSupport
import ProtoHTTP
#if canImport(Glibc)
import Glibc
#endif

/// The streaming comparison, in its own run:
///
/// ```
///  start two server children: ProtoHTTPServer (one event loop) and grpc-swift 2's GRPCServer
///  for each server, for each client (gRPC over h2c):
///    warm-up: a Feed of 1,000 and a Chat of 1,000
///    Feed of --feed-messages (1,000,000), then Chat of --chat-messages (100,000), each:
///    RESULT stream=<server|bidi> client=<c> server=<s> protocol=grpc msgs_per_s=<r> cpu_ns_per_msg=<u> rss_growth_mib=<m>
///    #   the server child's CPU per message and RSS growth
///  # ratio lines: ours over grpc-swift's, client side (same server) and server side (same client)
/// ```
///
/// `msgs_per_s` counts response messages from the call's start to its last message;
/// `cpu_ns_per_msg` is the client process's CPU over the same span per message, and
/// `rss_growth_mib` its resident memory's peak (sampled every 20 ms) over what it was at the
/// start. Every message is decoded and compared with ``Workload/expectedResponse``.
/// Usage: `rpc-bench --streams [--feed-messages N] [--chat-messages N] [--stream-servers LIST] [--stream-clients LIST]`
/// (the lists name `protohttp` and `grpc-swift`, both by default: one pair alone, for a profile).
enum StreamBench {
    /// The flag that selects this mode.
    static let flag = "--streams"

    /// The two implementations, as the RESULT lines name them.
    static let implementations = ["protohttp", "grpc-swift"]

    /// Runs the comparison; returns the exit status.
    static func run(_ arguments: [String]) async -> Int32 {
        var feedCount = 1_000_000
        var chatCount = 100_000
        var serverNames = implementations
        var clientNames = implementations
        var rest = arguments[...]
        while let flag = rest.popFirst() {
            if flag == "--stream-servers" || flag == "--stream-clients" {
                let names = (rest.popFirst() ?? "").split(separator: ",").map(String.init)
                guard !names.isEmpty, names.allSatisfy(implementations.contains) else {
                    report("\(Self.flag): \(flag) wants a comma-separated list of \(implementations.joined(separator: ", "))")
                    return 2
                }
                if flag == "--stream-servers" { serverNames = names } else { clientNames = names }
                continue
            }
            guard let value = rest.popFirst().flatMap(Int.init), value > 0, value <= Int(Int32.max) else {
                report("\(Self.flag): \(flag) wants a positive count of messages")
                return 2
            }
            switch flag {
            case "--feed-messages": feedCount = value
            case "--chat-messages": chatCount = value
            default:
                report("\(Self.flag): unknown option \(flag); the options are --feed-messages N, --chat-messages N, --stream-servers and --stream-clients")
                return 2
            }
        }
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
        ].filter { serverNames.contains($0.name) }
        defer { servers.forEach { $0.stop() } }
        do {
            var rates: [String: Double] = [:]
            for server in servers {
                let baseURL = try server.start()
                guard let port = baseURL.split(separator: ":").last.flatMap({ Int($0) }), let pid = server.pid else {
                    throw BenchError("no port in \(baseURL)")
                }
                print("# rpc-bench: streams server=\(server.name) url=\(baseURL) h2c feed=\(feedCount) chat=\(chatCount)")
                for name in clientNames {
                    let client: any StreamClient = name == "protohttp"
                        ? try ProtoHTTPStreamClient(baseURL: baseURL) : try GRPCSwiftStreamClient(port: port)
                    let outcome: Result<Void, any Error>
                    do {
                        _ = try await client.feed(1_000)
                        _ = try await client.chat(1_000)
                        for kind in ["server", "bidi"] {
                            let count = kind == "server" ? feedCount : chatCount
                            let figures = try await measure(count: count, serverPID: pid) {
                                kind == "server" ? try await client.feed(count) : try await client.chat(count)
                            }
                            print("RESULT stream=\(kind) client=\(name) server=\(server.name) protocol=grpc"
                                + " msgs_per_s=\(fixed(figures.rate, digits: 0)) cpu_ns_per_msg=\(fixed(figures.clientCPU, digits: 0))"
                                + " rss_growth_mib=\(fixed(figures.clientGrowth, digits: 1))")
                            print("#   server \(server.name): cpu_ns_per_msg=\(fixed(figures.serverCPU, digits: 0)) rss_growth_mib=\(fixed(figures.serverGrowth, digits: 1))")
                            fflush(nil)
                            rates["\(kind)|\(name)|\(server.name)"] = figures.rate
                        }
                        outcome = .success(())
                    } catch {
                        outcome = .failure(error)
                    }
                    await client.shutdown()
                    try outcome.get()
                }
            }
            for kind in ["server", "bidi"] {
                func ratio(_ a: String, _ b: String) -> String {
                    guard let x = rates[a], let y = rates[b], y > 0 else { return "n/a" }
                    return fixed(x / y, digits: 2)
                }
                for server in implementations {
                    print("# stream=\(kind): client protohttp/grpc-swift against server=\(server): "
                        + ratio("\(kind)|protohttp|\(server)", "\(kind)|grpc-swift|\(server)"))
                }
                for client in implementations {
                    print("# stream=\(kind): server protohttp/grpc-swift under client=\(client): "
                        + ratio("\(kind)|\(client)|protohttp", "\(kind)|\(client)|grpc-swift"))
                }
            }
            return 0
        } catch {
            report("\(error)")
            return 1
        }
    }

    /// What one stream cost: its message rate, CPU per message on each side, and each side's
    /// peak resident growth in MiB.
    struct Figures {
        var rate: Double
        var clientCPU: Double
        var serverCPU: Double
        var clientGrowth: Double
        var serverGrowth: Double
    }

    /// Runs `body` (which returns how many messages arrived; it must be `count`) and measures it.
    static func measure(count: Int, serverPID: pid_t, _ body: () async throws -> Int) async throws -> Figures {
        let sampler = PeakMemory(pids: [nil, serverPID])
        let clientStart = CPUTime.currentProcess()
        let serverStart = CPUTime.process(serverPID)
        let started = MonotonicClock.nanoseconds()
        let received = try await body()
        let seconds = Double(MonotonicClock.nanoseconds() - started) / 1e9
        let clientCPU = CPUTime.currentProcess().microseconds - clientStart.microseconds
        let serverCPU = (CPUTime.process(serverPID)?.microseconds ?? .nan) - (serverStart?.microseconds ?? .nan)
        let growth = await sampler.stop()
        guard received == count else { throw BenchError("the stream ended after \(received) of \(count) messages") }
        let perMessage = 1_000 / Double(count)  // µs → ns per message
        return Figures(rate: Double(count) / seconds, clientCPU: clientCPU * perMessage, serverCPU: serverCPU * perMessage,
                       clientGrowth: growth[0], serverGrowth: growth[1])
    }
}

/// Samples the resident memory of processes (`nil`: this one) every 20 ms until stopped; each
/// one's peak growth over its first sample, in MiB.
final class PeakMemory: Sendable {
    private let task: Task<[Double], Never>

    init(pids: [pid_t?]) {
        task = Task {
            let start = pids.map { ProcessMemory.residentBytes(of: $0) ?? 0 }
            var peak = start
            while !Task.isCancelled {
                for (index, pid) in pids.enumerated() {
                    peak[index] = max(peak[index], ProcessMemory.residentBytes(of: pid) ?? 0)
                }
                try? await Task.sleep(for: .milliseconds(20))  // the sampling interval, not a wait for an event
            }
            return zip(peak, start).map { Double($0 - $1) / 1_048_576 }
        }
    }

    /// Stops sampling; the peak growth of each process.
    func stop() async -> [Double] {
        task.cancel()
        return await task.value
    }
}
