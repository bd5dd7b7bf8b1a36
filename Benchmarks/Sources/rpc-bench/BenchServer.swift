// BenchServer.swift: the server protocol: start on loopback and return the base URL, stop.
import BenchProcesses
#if canImport(Glibc)
import Glibc
#endif

/// A server the clients call. It answers every POST to ``Workload/path`` with
/// ``Workload/responseBytes`` as `application/x-protobuf`, over HTTP/1.1 keep-alive. Every
/// server runs in a process of its own, so the client's CPU time (this process's) never
/// includes the server's.
///
/// ```
///  let url = try server.start()    // "http://127.0.0.1:<free port>"
///  … clients call url + Workload.path …
///  server.stop()                   // also on error; EmergencyStop covers crashes
/// ```
protocol BenchServer: AnyObject {
    /// `nil` for nginx, whose RESULT lines carry no `server=` field; otherwise the value of
    /// the ` server=<tag>` field appended at the end of each RESULT line.
    var resultTag: String? { get }
    /// A short name for human-readable lines.
    var name: String { get }
    /// The server's process while it runs (its CPU time is read per case), else `nil`.
    var pid: pid_t? { get }
    /// Starts the server and waits until it accepts connections; returns the base URL.
    func start() throws -> String
    /// Stops the server and removes its files. Safe to call more than once.
    func stop()
}
