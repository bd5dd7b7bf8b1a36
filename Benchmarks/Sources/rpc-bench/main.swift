// main.swift: rpc-bench: one unary protobuf POST against nginx and ProtoHTTPServer with ProtoHTTP, AsyncHTTPClient, URLSession and wrk.
//
// Usage: rpc-bench [--duration SECONDS] [--warmup SECONDS] [--clients a,b] [--concurrency 1,64]
//                  [--server nginx|protohttp|all] [--server-threads N]
// (`rpc-bench --serve-protohttp --threads N` is the server child rpc-bench starts itself.)
#if canImport(Glibc)
import Glibc
#endif

signal(SIGPIPE, SIG_IGN)
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == ServeCommand.flag {
    exit(await ServeCommand.run(Array(arguments.dropFirst())))
}
let options = Options.parse(arguments)

let folder: TempFolder
do {
    folder = try TempFolder.make()
} catch {
    report("\(error)")
    exit(1)
}
let servers = options.servers.map { ($0, $0.make(folder: folder, threads: options.serverThreads)) }
var failed = false
do {
    var targets: [ServerTarget] = []
    for (kind, server) in servers {
        let baseURL = try server.start()
        let threads = kind == .protohttp ? " threads=\(options.serverThreads)" : ""
        print("# rpc-bench: server=\(server.name)\(threads) url=\(baseURL)\(Workload.path) request=\(Workload.requestBytes.count)B"
            + " response=\(Workload.responseBytes.count)B warmup=\(options.warmup)s window=\(options.duration)s")
        targets.append(ServerTarget(tag: server.resultTag, baseURL: baseURL, pid: server.pid, clients: options.clientKinds(for: kind)))
    }
    let runner = Runner(options: options, servers: targets, folder: folder)
    let results = try await runner.run()
    Summary.lines(results).forEach { print($0) }
} catch {
    report("\(error)")
    failed = true
}
servers.forEach { $0.1.stop() }
folder.remove()
exit(failed ? 1 : 0)
