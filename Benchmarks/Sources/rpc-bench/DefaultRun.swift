// DefaultRun.swift: rpc-bench without a mode flag: the unary cases against nginx and ProtoHTTPServer, then the transfers.
import BenchProcesses
#if canImport(Glibc)
import Glibc
#endif

/// The default run (see main.swift's usage): starts the servers, runs every (server, client,
/// concurrency) case and the transfer cases, prints their RESULT lines and the summary.
enum DefaultRun {
    /// Runs with the command line `arguments`; returns the exit status.
    static func run(_ arguments: [String]) async -> Int32 {
        let options = Options.parse(arguments)

        let folder: TempFolder
        do {
            folder = try TempFolder.make(for: "rpc-bench")
        } catch {
            report("\(error)")
            return 1
        }
        // The transfer cases need nginx even when the unary cases do not run against it.
        var serverKinds = options.transfers == .only ? [] : options.servers
        if options.transfers != .off, !serverKinds.contains(.nginx) { serverKinds.append(.nginx) }
        let servers = serverKinds.map { ($0, $0.make(folder: folder, threads: options.serverThreads)) }
        var failed = false
        do {
            var targets: [ServerTarget] = []
            var transferURL: String?
            for (kind, server) in servers {
                let baseURL = try server.start()
                if kind == .nginx { transferURL = baseURL }
                guard options.transfers != .only, options.servers.contains(kind) else { continue }
                let threads = kind == .protohttp ? " threads=\(options.serverThreads)" : ""
                print("# rpc-bench: server=\(server.name)\(threads) url=\(baseURL)\(Workload.path) request=\(Workload.requestBytes.count)B"
                    + " response=\(Workload.responseBytes.count)B warmup=\(options.warmup)s window=\(options.duration)s")
                targets.append(ServerTarget(tag: server.resultTag, baseURL: baseURL, pid: server.pid, clients: options.clientKinds(for: kind)))
            }
            if !targets.isEmpty {
                let runner = Runner(options: options, servers: targets, folder: folder)
                let results = try await runner.run()
                Summary.lines(results).forEach { print($0) }
            }
            if options.transfers != .off, let transferURL {
                try await TransferRunner(baseURL: transferURL, folder: folder, bytes: options.transferMiB << 20, runs: options.transferRuns).run()
            }
        } catch {
            report("\(error)")
            failed = true
        }
        servers.forEach { $0.1.stop() }
        folder.remove()
        return failed ? 1 : 0
    }
}
