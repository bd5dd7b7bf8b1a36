// main.swift: rpc-bench: one unary protobuf POST against nginx and ProtoHTTPServer with ProtoHTTP, a bare libcurl C loop, AsyncHTTPClient, URLSession and wrk; then a large upload and download, ProtoHTTP against curl.
//
// Usage: rpc-bench [--duration SECONDS] [--warmup SECONDS] [--clients a,b] [--concurrency 1,64]
//                  [--server nginx|protohttp|all] [--server-threads N]
//                  [--transfers on|off|only] [--transfer-mib N] [--transfer-runs N]
//        rpc-bench --protocol grpc [--duration SECONDS] [--warmup SECONDS] [--concurrency 1,64]
//        (ProtoHTTP's gRPC client and server against grpc-swift 2's: GRPCBench)
//        rpc-bench --streams [--feed-messages N] [--chat-messages N] [--stream-servers LIST] [--stream-clients LIST]
//        (a server stream and a bidi echo, ProtoHTTP's against grpc-swift 2's: StreamBench)
// (`rpc-bench --serve-protohttp --threads N` and `--serve-grpc-swift` are server children rpc-bench starts itself;
//  `rpc-bench --soak MINUTES` is the long run of 64 clients against it, see SoakCommand.)
#if canImport(Glibc)
import Glibc
#endif

signal(SIGPIPE, SIG_IGN)
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == ServeCommand.flag {
    exit(await ServeCommand.run(Array(arguments.dropFirst())))
}
if arguments.first == SoakCommand.flag {
    exit(await SoakCommand.run(Array(arguments.dropFirst())))
}
if arguments.first == GRPCSwiftServeCommand.flag {
    exit(await GRPCSwiftServeCommand.run(Array(arguments.dropFirst())))
}
if arguments.first == GRPCBench.flag {
    exit(await GRPCBench.run(Array(arguments.dropFirst())))
}
if arguments.first == StreamBench.flag {
    exit(await StreamBench.run(Array(arguments.dropFirst())))
}
let options = Options.parse(arguments)

let folder: TempFolder
do {
    folder = try TempFolder.make()
} catch {
    report("\(error)")
    exit(1)
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
exit(failed ? 1 : 0)
