// ServerKind.swift: the servers rpc-bench knows, by name, how each is made and which clients call it by default.
import BenchProcesses

/// A server by its `--server` name; ``make(folder:threads:)`` builds it, not yet started.
enum ServerKind: String, CaseIterable, Sendable {
    /// nginx from Debian, the reference (``NginxServer``); its RESULT lines have no `server=`.
    case nginx
    /// Our ProtoHTTPServer in a child process (``ProtoHTTPBenchServer``).
    case protohttp

    /// A new server of this kind with its files in `folder`; `threads` event-loop threads for
    /// ProtoHTTPServer (nginx always runs one worker).
    func make(folder: TempFolder, threads: Int) -> any BenchServer {
        switch self {
        case .nginx: NginxServer(folder: folder)
        case .protohttp: ProtoHTTPBenchServer(folder: folder, threads: threads)
        }
    }

    /// The clients run against this server when `--clients` is not given: all of them against
    /// nginx; against our server our client and wrk (the ceiling), as the comparison needs.
    var defaultClients: [ClientKind] {
        switch self {
        case .nginx: ClientKind.allCases
        case .protohttp: [.protohttp, .wrk]
        }
    }
}
