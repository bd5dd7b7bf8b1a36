// InstructionBench.swift: `rpc-bench --instructions`: instructions per call of each server and client, counted by callgrind.
import BenchProcesses
#if canImport(Glibc)
import Glibc
#endif
import BenchSupport
import ProtoHTTPTestSupport

/// Machine-independent figures beside the rates: how many instructions one unary call costs
/// the server process (nginx against ProtoHTTPServer) and the client process (the bare libcurl
/// C loop against ProtoHTTP's manager), from short callgrind runs of a fixed number of calls.
///
/// ```
///  server side, for nginx and protohttp (one event-loop thread):
///    the server under callgrind ◄── libcurl-c, natively, N calls on one connection ── stop ── Ir(N)
///  client side, for libcurl-c and protohttp, against nginx running natively:
///    rpc-bench --calls-child under callgrind, N calls on one connection ── exit ── Ir(N)
///  instructions per call = (Ir(long) - Ir(short)) / (long - short)
/// ```
///
/// The difference of two runs leaves out start-up, the first connection and shutdown, so what
/// remains is the steady cost of a call. Lines:
/// `RESULT side=<server|client> impl=<name> instructions_per_call=<n>`, then `#` lines with the
/// ratios against nginx and libcurl-c (issue 34's targets: at most 1.5x).
enum InstructionBench {
    /// The hidden first argument that selects this mode.
    static let flag = "--instructions"

    /// Runs the counts; `arguments` may hold `--calls N` (the long run; the short one is a
    /// sixth of it). Returns the exit status.
    static func run(_ arguments: [String]) async -> Int32 {
        var long = 1200
        if arguments.count == 2, arguments[0] == "--calls", let n = Int(arguments[1]), n >= 60 {
            long = n
        } else if !arguments.isEmpty {
            report("usage: rpc-bench \(flag) [--calls N] (N >= 60, default 1200)")
            return 2
        }
        let short = long / 6
        do {
            let folder = try TempFolder.make(for: "rpc-bench")
            defer { folder.remove() }
            try folder.write("callgrind/.keep", [])
            print("# rpc-bench \(flag): callgrind, \(short) and \(long) calls on one connection, "
                + "request=\(Workload.requestBytes.count)B response=\(Workload.responseBytes.count)B")
            var server: [String: Double] = [:]
            for kind in [ServerKind.nginx, .protohttp] {
                let perCall = try await perCall(short: short, long: long) { calls in
                    try await serverInstructions(kind, calls: calls, folder: folder)
                }
                server[kind.rawValue] = perCall
                print("RESULT side=server impl=\(kind.rawValue) instructions_per_call=\(Int(perCall.rounded()))")
                fflush(nil)
            }
            var client: [String: Double] = [:]
            let nginx = NginxServer(folder: folder)
            let url = try nginx.start()
            defer { nginx.stop() }
            for kind in [ClientKind.libcurlC, .protohttp] {
                let perCall = try await perCall(short: short, long: long) { calls in
                    try clientInstructions(kind, url: url, calls: calls, folder: folder)
                }
                client[kind.rawValue] = perCall
                print("RESULT side=client impl=\(kind.rawValue) instructions_per_call=\(Int(perCall.rounded()))")
                fflush(nil)
            }
            if let ours = server["protohttp"], let reference = server["nginx"], reference > 0 {
                print("# instructions per call, server: protohttp / nginx = \(fixed(ours / reference, digits: 2)) (target <= 1.5)")
            }
            if let ours = client["protohttp"], let reference = client["libcurl-c"], reference > 0 {
                print("# instructions per call, client: protohttp / libcurl-c = \(fixed(ours / reference, digits: 2))")
            }
            return 0
        } catch {
            report("\(flag): \(error)")
            return 1
        }
    }

    /// The steady per-call cost from two runs of `short` and `long` calls.
    private static func perCall(short: Int, long: Int, _ count: (Int) async throws -> UInt64) async throws -> Double {
        let few = try await count(short)
        let many = try await count(long)
        guard many > few else { throw BenchError("callgrind counted \(few) for \(short) calls but \(many) for \(long)") }
        return Double(many - few) / Double(long - short)
    }

    /// Instructions of `kind`'s server process over a run of `calls` calls from libcurl-c.
    private static func serverInstructions(_ kind: ServerKind, calls: Int, folder: TempFolder) async throws -> UInt64 {
        let name = "callgrind/server-\(kind.rawValue)-\(calls).out"
        let launcher = try Callgrind.launcher(out: folder.file(name))
        let server: any BenchServer
        switch kind {
        case .nginx:
            let nginx = NginxServer(folder: folder)
            (nginx.launcher, nginx.startTimeout, nginx.stopGrace) = (launcher, .seconds(60), .seconds(60))
            server = nginx
        case .protohttp:
            let ours = ProtoHTTPBenchServer(folder: folder, threads: 1)
            (ours.launcher, ours.startTimeout, ours.stopGrace) = (launcher, .seconds(60), .seconds(60))
            ours.executable = try Callgrind.strippedSelf(in: folder)
            server = ours
        }
        let url = try server.start()
        let recorder = CallRecorder(expectedCalls: 16, stopAfter: calls)
        await LibcurlCClient(baseURL: url).runLoops(concurrency: 1, recorder: recorder)
        server.stop()
        guard !recorder.hasFailed, recorder.succeededCalls == calls else {
            throw BenchError("\(kind.rawValue) under callgrind: \(recorder.succeededCalls) of \(calls) calls succeeded; "
                + (recorder.endWindow().firstError ?? ""))
        }
        return try Callgrind.instructions(folder: folder, name: name)
    }

    /// Instructions of a `--calls-child` process making `calls` calls with `kind`.
    private static func clientInstructions(_ kind: ClientKind, url: String, calls: Int, folder: TempFolder) throws -> UInt64 {
        let name = "callgrind/client-\(kind.rawValue)-\(calls).out"
        let command = try Callgrind.launcher(out: folder.file(name))
            + [try Callgrind.strippedSelf(in: folder), CallsChildCommand.flag,
               "--client", kind.rawValue, "--url", url, "--calls", String(calls)]
        let child = try ChildProcess(command[0], Array(command.dropFirst()),
                                     output: .file(folder.file(name + ".stdout")), error: .file(folder.file(name + ".stderr")))
        EmergencyStop.guardProcess(child.pid)
        defer { EmergencyStop.release(child.pid) }
        guard let exit = child.wait(upTo: .seconds(600)) else {
            child.stop()
            throw BenchError("the \(kind.rawValue) client under callgrind did not finish \(calls) calls within 600 s")
        }
        guard exit.status == 0, folder.read(name + ".stdout").contains("CALLS \(calls)") else {
            throw BenchError("the \(kind.rawValue) client under callgrind exited with status \(exit.status): "
                + String(folder.read(name + ".stderr").suffix(2000)))
        }
        return try Callgrind.instructions(folder: folder, name: name)
    }
}
