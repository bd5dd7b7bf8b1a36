// ServeCommand.swift: the hidden `--serve-protohttp` mode: rpc-bench re-run as the ProtoHTTPServer child.
#if canImport(Glibc)
import Glibc
#endif
import Dispatch
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
        let server: ProtoHTTPServer
        do {
            server = try ProtoHTTPServer(configuration: configuration, services: [BenchService.definition])
            try await server.start()
        } catch {
            report("\(flag): \(error)")
            return 1
        }
        guard let port = server.port else {
            report("\(flag): the server started without a port")
            await server.shutdown()
            return 1
        }
        print("PORT \(port)")
        fflush(nil)  // all streams (`stdout` itself is not concurrency-safe to name)
        await waitForEndOfInput()
        await server.shutdown()
        return 0
    }

    /// Returns when standard input reaches its end (or fails), reading it off the cooperative pool.
    private static func waitForEndOfInput() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                var byte: UInt8 = 0
                while true {
                    let count = read(0, &byte, 1)
                    if count == 0 || (count < 0 && errno != EINTR) { break }
                }
                continuation.resume()
            }
        }
    }
}
