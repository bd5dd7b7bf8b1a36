// ServeCommand.swift: the hidden `--serve-protohttp` mode: rpc-bench re-run as the ProtoHTTPServer child.
import BenchProcesses
import ProtoHTTPServer

/// What the ``ProtoHTTPBenchServer`` child runs: `rpc-bench --serve-protohttp --threads N`.
///
/// ```
///  start ProtoHTTPServer on 127.0.0.1:0 (access log off, N event-loop threads)
///  print "PORT <n>" on standard output
///  serve until standard input ends (the parent closed its pipe, or the parent died)
///  shut down gracefully, exit 0
/// ```
///
/// Serving in a child keeps the server's CPU time out of the client's `getrusage`, as with nginx.
enum ServeCommand {
    /// The hidden first argument that selects this mode.
    static let flag = "--serve-protohttp"

    /// Runs the server with `arguments` (after ``flag``); returns the exit status.
    static func run(_ arguments: [String]) async -> Int32 {
        guard arguments.count == 2, arguments[0] == "--threads", let threads = Int(arguments[1]), (1...64).contains(threads) else {
            report("\(flag) wants --threads N (1 to 64), got \(arguments)")
            return 2
        }
        let configuration = ServerConfiguration(host: "127.0.0.1", port: 0, threads: threads, accessLog: false)
        return await ServeChild.serve(configuration: configuration, services: [BenchService.definition], flag: flag,
                                      report: report)
    }
}
