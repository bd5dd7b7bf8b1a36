// CallsChildCommand.swift: the hidden `--calls-child` mode: a fixed number of calls by one client, for callgrind to count.
import BenchProcesses
import ProtoHTTP
#if canImport(Glibc)
import Glibc
#endif

/// What ``InstructionBench`` runs under callgrind for the client side:
/// `rpc-bench --calls-child --client <libcurl-c|protohttp> --url <base URL> --calls N`.
/// With `--protocol grpc` (client `protohttp` only) the calls are gRPC Echo calls over h2c, for
/// counting the gRPC client path by hand against a `--serve-protohttp` child:
/// `valgrind --tool=callgrind rpc-bench --calls-child --client protohttp --url … --calls N --protocol grpc`.
/// `--concurrency C` keeps C calls in flight (default 1), for what a turn of the transport
/// thread costs when many calls share it.
///
/// ```
///  make the client (concurrency C, default 1)
///  N calls, C loops of one call after another (CallRecorder stops them after the Nth)
///  shut the client down, print "CALLS <N>", exit 0 (1 if a call failed)
/// ```
enum CallsChildCommand {
    /// The hidden first argument that selects this mode.
    static let flag = "--calls-child"

    /// Runs the calls described by `arguments` (after ``flag``); returns the exit status.
    static func run(_ arguments: [String]) async -> Int32 {
        var values: [String: String] = [:]
        var rest = arguments[...]
        while let key = rest.popFirst(), let value = rest.popFirst() { values[key] = value }
        guard let name = values["--client"], let kind = ClientKind(rawValue: name), let url = values["--url"],
              let text = values["--calls"], let calls = Int(text), calls > 0,
              let concurrency = Int(values["--concurrency"] ?? "1"), (1...1024).contains(concurrency) else {
            report("\(flag) wants --client NAME --url URL --calls N [--concurrency 1...1024], got \(arguments)")
            return 2
        }
        do {
            let folder = try TempFolder.make(for: "rpc-bench")
            defer { folder.remove() }
            let made: any BenchClient
            switch values["--protocol"] {
            case nil: made = try kind.make(baseURL: url, concurrency: concurrency, folder: folder)
            case "grpc" where kind == .protohttp: made = try ProtoHTTPClient(baseURL: url, concurrency: concurrency, wireProtocol: .grpc)
            case let other?:
                report("\(flag): --protocol \(other) is not one this mode runs (grpc, with --client protohttp)")
                return 2
            }
            guard let client = made as? any LoopClient else {
                report("\(flag): \(name) is not an in-process client")
                return 2
            }
            let recorder = CallRecorder(expectedCalls: 16, stopAfter: calls)
            await client.runLoops(concurrency: concurrency, recorder: recorder)
            await client.shutdown()
            // With C loops the calls in flight at the Nth still finish: N + C - 1 in all.
            guard !recorder.hasFailed, recorder.succeededCalls == calls + concurrency - 1 else {
                report("\(flag): \(recorder.succeededCalls) of \(calls) calls succeeded; \(recorder.endWindow().firstError ?? "")")
                return 1
            }
            print("CALLS \(calls)")
            return 0
        } catch {
            report("\(flag): \(error)")
            return 1
        }
    }
}
