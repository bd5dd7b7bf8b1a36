// main.swift: rpc-bench: one unary protobuf POST against nginx with ProtoHTTP, AsyncHTTPClient, URLSession and wrk.
//
// Usage: rpc-bench [--duration SECONDS] [--warmup SECONDS] [--clients a,b] [--concurrency 1,64]
#if canImport(Glibc)
import Glibc
#endif

let options = Options.parse(Array(CommandLine.arguments.dropFirst()))
signal(SIGPIPE, SIG_IGN)

/// Prints `message` to standard error.
func report(_ message: String) {
    let text = "rpc-bench: \(message)\n"
    _ = text.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
}

let folder: TempFolder
do {
    folder = try TempFolder.make()
} catch {
    report("\(error)")
    exit(1)
}
let server: any BenchServer = NginxServer(folder: folder)
var failed = false
do {
    let baseURL = try server.start()
    print("# rpc-bench: server=\(server.name) url=\(baseURL)\(Workload.path) request=\(Workload.requestBytes.count)B response=\(Workload.responseBytes.count)B"
        + " warmup=\(options.warmup)s window=\(options.duration)s")
    let runner = Runner(options: options, baseURL: baseURL, serverTag: server.resultTag, folder: folder)
    let results = try await runner.run()
    Summary.lines(results).forEach { print($0) }
} catch {
    report("\(error)")
    failed = true
}
server.stop()
folder.remove()
exit(failed ? 1 : 0)
