// main.swift: rpc-bench: one unary protobuf POST against nginx and ProtoHTTPServer with ProtoHTTP, a bare libcurl C loop, AsyncHTTPClient, URLSession and wrk; then a large upload and download, ProtoHTTP against curl.
//
// Usage: rpc-bench [--duration SECONDS] [--warmup SECONDS] [--clients a,b] [--concurrency 1,64]
//                  [--server nginx|protohttp|all] [--server-threads N]
//                  [--transfers on|off|only] [--transfer-mib N] [--transfer-runs N]
//        rpc-bench --protocol grpc [--duration SECONDS] [--warmup SECONDS] [--concurrency 1,64]
//        (ProtoHTTP's gRPC client and server against grpc-swift 2's: GRPCBench)
//        rpc-bench --streams [--feed-messages N] [--chat-messages N] [--stream-servers LIST] [--stream-clients LIST]
//        (a server stream and a bidi echo, ProtoHTTP's against grpc-swift 2's: StreamBench)
//        rpc-bench --instructions [--calls N]
//        (instructions per call of nginx and ProtoHTTPServer, libcurl-c and ProtoHTTP, counted by callgrind: InstructionBench;
//         `--calls-child` is the client child it runs under callgrind)
// (`rpc-bench --serve-protohttp --threads N` and `--serve-grpc-swift` are server children rpc-bench starts itself;
//  `rpc-bench --soak MINUTES` is the long run of 64 clients against it, see SoakCommand.)
#if canImport(Glibc)
import Glibc
#endif

signal(SIGPIPE, SIG_IGN)
let arguments = Array(CommandLine.arguments.dropFirst())
// Every mode runs through `runBlocking`, so this top-level code has no `await` and the program
// has a synchronous main: an async main parks the main thread in dispatch's sigsuspend, which
// makes valgrind 3.19 crash as soon as another thread starts (the callgrind children need it).
let modes: [(flag: String, run: @Sendable ([String]) async -> Int32)] = [
    (ServeCommand.flag, ServeCommand.run),
    (SoakCommand.flag, SoakCommand.run),
    (GRPCSwiftServeCommand.flag, GRPCSwiftServeCommand.run),
    (GRPCBench.flag, GRPCBench.run),
    (StreamBench.flag, StreamBench.run),
    (InstructionBench.flag, InstructionBench.run),
    (CallsChildCommand.flag, CallsChildCommand.run),
]
if let mode = modes.first(where: { $0.flag == arguments.first }) {
    let rest = Array(arguments.dropFirst())
    exit(runBlocking { await mode.run(rest) })
}
exit(runBlocking { await DefaultRun.run(arguments) })
