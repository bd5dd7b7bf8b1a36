// NginxServer.swift: nginx from Debian as the fast server of the client curve, configured in the temp folder.
import BenchProcesses
#if canImport(Glibc)
import Glibc
#endif
import ProtoHTTPTestSupport

/// nginx answering every POST to ``Workload/path`` with ``Workload/responseBytes``, as
/// rpc-bench runs it: a static file at the RPC's path, `error_page 405 =200 $uri` turning the
/// static handler's refusal of POST into a 200 with that file; one process
/// (`master_process off`), `daemon off`, no access log, keep-alive for as many requests as a
/// run makes; everything it writes stays in the temp folder.
final class NginxServer: Sendable {
    private let process: ChildProcess
    /// The port it listens on.
    let port: UInt16

    /// `http://127.0.0.1:<port>`.
    var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Writes the config and the response file and starts nginx on a free port, waiting (5 s
    /// at most) until it accepts.
    init(folder: TempFolder, executable: String = "/usr/sbin/nginx") throws {
        guard access(executable, X_OK) == 0 else {
            throw ScaleError("\(executable) not found; install nginx with scripts/install-deps")
        }
        let prefix = folder.file("nginx")
        try folder.write("nginx/www" + Workload.path, Workload.responseBytes)
        try folder.write("nginx/tmp/.keep", [])
        port = try LoopbackPort.free()
        try folder.write("nginx/nginx.conf", text: Self.config(prefix: prefix, port: port))
        process = try ChildProcess(executable, ["-p", prefix, "-c", prefix + "/nginx.conf", "-e", prefix + "/error.log"],
                                   output: .file(prefix + "/stdout.log"), error: .file(prefix + "/stderr.log"))
        EmergencyStop.guardProcess(process.pid)
        let deadline = MonotonicClock.nanoseconds() + 5_000_000_000
        while !LoopbackPort.accepts(port) {
            if let exit = process.exitIfEnded() {
                EmergencyStop.release(process.pid)
                throw ScaleError("nginx exited (\(exit)): \(folder.read("nginx/error.log"))\(folder.read("nginx/stderr.log"))")
            }
            guard MonotonicClock.nanoseconds() < deadline else {
                stop()
                throw ScaleError("nginx did not accept on 127.0.0.1:\(port) within 5 s: \(folder.read("nginx/error.log"))")
            }
            usleep(10_000)
        }
    }

    /// Stops nginx (SIGTERM, then SIGKILL after 3 s) and reaps it.
    func stop() {
        process.stop(grace: .seconds(3))
        EmergencyStop.release(process.pid)
    }

    /// The whole nginx.conf: the shared one, with room for the client curve's connections.
    private static func config(prefix: String, port: UInt16) -> String {
        NginxConfig.text(prefix: prefix, port: port, writtenBy: "bench-scale", workerConnections: 4096)
    }
}
