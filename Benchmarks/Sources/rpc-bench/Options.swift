// Options.swift: rpc-bench's command line: --duration, --warmup, --clients, --concurrency, --server, --server-threads, --rounds.
#if canImport(Glibc)
import Glibc
#endif

/// The parsed command line. Bad options print a usage line and exit with status 2.
///
/// ```
/// rpc-bench [--duration SECONDS] [--warmup SECONDS] [--clients a,b,...] [--concurrency 1,64]
///           [--server nginx|protohttp|all] [--server-threads N]
///           [--transfers on|off|only] [--transfer-mib N] [--transfer-runs N] [--rounds N]
/// ```
struct Options: Sendable {
    /// Seconds in each case's measured window. Default 3.
    var duration = 3.0
    /// Seconds of warm-up before each window. Default 0.5.
    var warmup = 0.5
    /// The clients, in order, against every server; `nil` (the default): each server's
    /// ``ServerKind/defaultClients``.
    var clients: [ClientKind]?
    /// The concurrencies, in order. Default 1 and 64.
    var concurrencies = [1, 64]
    /// The servers, in order. Default: all (nginx, then ProtoHTTPServer).
    var servers = ServerKind.allCases
    /// ProtoHTTPServer's event-loop threads. Default 1: on this 2-core machine wrk takes one
    /// core, and one event loop outran two (see README, rpc-bench).
    var serverThreads = 1
    /// Whether the transfer cases run: `on` after the unary cases, `off`, or `only`. Default on.
    var transfers = TransferMode.on
    /// The transfer cases' file size in MiB. Default 256.
    var transferMiB = 256
    /// Runs per client and direction in the transfer cases (the fastest counts). Default 3.
    var transferRuns = 3
    /// `--protocol grpc`: rounds in which every client measures one window in turn, against
    /// each server; a client's RESULT is its median round. Default 3: the clients' windows
    /// interleave, so a stretch of slow machine (this VM's speed drifts by a third within a
    /// minute) falls on all of them rather than on whichever ran then.
    var rounds = 3

    /// Whether and how the transfer cases run.
    enum TransferMode: String, Sendable {
        case on, off, only
    }

    /// The clients to run against `server`.
    func clientKinds(for server: ServerKind) -> [ClientKind] {
        clients ?? server.defaultClients
    }

    /// The usage line printed with `--help` and after a bad option.
    static let usage = "usage: rpc-bench [--duration SECONDS] [--warmup SECONDS] [--clients "
        + ClientKind.allCases.map(\.rawValue).joined(separator: ",") + "] [--concurrency 1,64] [--server "
        + (ServerKind.allCases.map(\.rawValue) + ["all"]).joined(separator: "|") + "] [--server-threads N]"
        + " [--transfers on|off|only] [--transfer-mib N] [--transfer-runs N] [--rounds N]"

    /// Parses `arguments` (without the program name); exits with status 2 on a bad option.
    static func parse(_ arguments: [String]) -> Options {
        var options = Options()
        var rest = arguments[...]
        while let flag = rest.popFirst() {
            if flag == "--help" || flag == "-h" {
                print(usage)
                exit(0)
            }
            guard ["--duration", "--warmup", "--clients", "--concurrency", "--server", "--server-threads",
                   "--transfers", "--transfer-mib", "--transfer-runs", "--rounds"].contains(flag) else {
                usageError("unknown option \(flag)")
            }
            guard let value = rest.popFirst() else { usageError("\(flag) needs a value") }
            switch flag {
            case "--duration":
                guard let seconds = Double(value), seconds > 0, seconds <= 3600 else { usageError("--duration wants seconds > 0") }
                options.duration = seconds
            case "--warmup":
                guard let seconds = Double(value), seconds >= 0, seconds <= 3600 else { usageError("--warmup wants seconds ≥ 0") }
                options.warmup = seconds
            case "--clients":
                options.clients = list(value) { ClientKind(rawValue: $0) } orElse: { "unknown client \($0)" }
            case "--concurrency":
                options.concurrencies = list(value) { Int($0).flatMap { (1...1024).contains($0) ? $0 : nil } }
                    orElse: { "bad concurrency \($0); use integers from 1 to 1024" }
            case "--server":
                options.servers = value == "all"
                    ? ServerKind.allCases
                    : list(value) { ServerKind(rawValue: $0) } orElse: { "unknown server \($0); use nginx, protohttp or all" }
            case "--server-threads":
                guard let threads = Int(value), (1...64).contains(threads) else { usageError("--server-threads wants 1 to 64") }
                options.serverThreads = threads
            case "--transfers":
                guard let mode = TransferMode(rawValue: value) else { usageError("--transfers wants on, off or only") }
                options.transfers = mode
            case "--transfer-mib":
                guard let mib = Int(value), (1...4096).contains(mib) else { usageError("--transfer-mib wants 1 to 4096") }
                options.transferMiB = mib
            case "--transfer-runs":
                guard let runs = Int(value), (1...20).contains(runs) else { usageError("--transfer-runs wants 1 to 20") }
                options.transferRuns = runs
            case "--rounds":
                guard let rounds = Int(value), (1...20).contains(rounds) else { usageError("--rounds wants 1 to 20") }
                options.rounds = rounds
            default:
                usageError("unknown option \(flag)")  // not reached: checked above
            }
        }
        return options
    }

    /// A non-empty comma-separated list, each item parsed by `parse`.
    private static func list<T>(_ text: String, _ parse: (String) -> T?, orElse message: (String) -> String) -> [T] {
        let items = text.split(separator: ",").map { String($0) }
        guard !items.isEmpty else { usageError("empty list \"\(text)\"") }
        return items.map { item in
            guard let value = parse(item) else { usageError(message(item)) }
            return value
        }
    }

    /// Prints `message` and the usage line to standard error and exits with status 2.
    static func usageError(_ message: String) -> Never {
        let text = "rpc-bench: \(message)\n\(usage)\n"
        _ = text.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
        exit(2)
    }
}
