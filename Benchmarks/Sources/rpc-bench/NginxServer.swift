// NginxServer.swift: nginx from Debian as the benchmark server, configured in a temp folder.
import BenchProcesses
#if canImport(Glibc)
import Glibc
#endif
import ProtoHTTPTestSupport

/// nginx serving ``Workload/responseBytes`` for every POST to ``Workload/path``, and for the
/// transfer cases the files under `www/transfer/` (static, `sendfile`) and `PUT /upload`
/// (WebDAV: nginx reads the whole body into a file before it answers).
///
/// The response is a static file whose path equals the RPC path. nginx's static handler
/// refuses POST with 405; `error_page 405 =200 $uri` turns that into an internal GET of the
/// same file with status 200, after discarding the request body. One process
/// (`master_process off`), one worker, `daemon off`, no access log, keep-alive for as many
/// requests as a run makes; everything it writes stays in the temp folder.
final class NginxServer: BenchServer {
    /// nginx lines carry no `server=` field.
    let resultTag: String? = nil
    /// `"nginx"`.
    let name = "nginx"

    private let executable: String
    private let folder: TempFolder
    private var process: ChildProcess?
    /// A command nginx runs under (`valgrind --tool=callgrind …` for the instruction counts),
    /// and how long it may take to start and to stop; empty and 5 s / 3 s by default.
    var launcher: [String] = []
    var startTimeout: Duration = .seconds(5)
    var stopGrace: Duration = .seconds(3)

    /// nginx's one process (with `master_process off` it is also the worker).
    var pid: pid_t? { process?.pid }

    /// Prepares to run `executable` with its files in `folder` (shared with other helpers).
    init(folder: TempFolder, executable: String = "/usr/sbin/nginx") {
        self.folder = folder
        self.executable = executable
    }

    /// Writes the config and the response file, starts nginx on a free port (three tries,
    /// in case another process takes the port first) and waits until it accepts.
    func start() throws -> String {
        guard access(executable, X_OK) == 0 else {
            throw BenchError("\(executable) not found; install nginx with scripts/install-deps.")
        }
        try folder.write("nginx/www" + Workload.path, Workload.responseBytes)
        try folder.write("nginx/tmp/.keep", [])
        try folder.write("nginx/uploads/.keep", [])
        var lastError: any Error = BenchError("nginx did not start")
        for _ in 0..<3 {
            let port = try LoopbackPort.free()
            try folder.write("nginx/nginx.conf", text: config(port: port))
            let command = launcher + [executable,
                                      "-p", folder.file("nginx"), "-c", folder.file("nginx/nginx.conf"), "-e", folder.file("nginx/error.log")]
            let child = try ChildProcess(
                command[0], Array(command.dropFirst()),
                output: .file(folder.file("nginx/stdout.log")), error: .file(folder.file("nginx/stderr.log")))
            EmergencyStop.guardProcess(child.pid)
            do {
                try waitUntilListening(child, port: port)
                process = child
                return "http://127.0.0.1:\(port)"
            } catch {
                child.stop()
                EmergencyStop.release(child.pid)
                lastError = error
            }
        }
        throw lastError
    }

    /// Stops nginx (SIGTERM, then SIGKILL after ``stopGrace``) and reaps it. Under a launcher
    /// the SIGTERM is repeated each second: valgrind can leave one pending while nginx sleeps
    /// in epoll_wait (seen: a minute without delivery; the next one was taken at once).
    func stop() {
        guard let child = process else { return }
        process = nil
        if !launcher.isEmpty {
            for _ in 0..<max(1, Int(stopGrace.components.seconds)) {
                child.signal(SIGTERM)
                if child.wait(upTo: .seconds(1)) != nil { break }
            }
        }
        child.stop(grace: stopGrace)
        EmergencyStop.release(child.pid)
    }

    private func waitUntilListening(_ child: ChildProcess, port: UInt16) throws {
        let deadline = MonotonicClock.nanoseconds() + UInt64(startTimeout.components.seconds) * 1_000_000_000
        while MonotonicClock.nanoseconds() < deadline {
            if let exit = child.exitIfEnded() {
                let log = (folder.read("nginx/error.log") + folder.read("nginx/stderr.log"))
                throw BenchError("nginx exited with status \(exit.status) on port \(port): \(log)")
            }
            if LoopbackPort.accepts(port) { return }
            usleep(10_000)
        }
        throw BenchError("nginx did not accept connections on 127.0.0.1:\(port) within \(startTimeout)")
    }

    /// The whole nginx.conf: the shared one with room for every connection of a run and the
    /// transfer locations.
    private func config(port: UInt16) -> String {
        let prefix = folder.file("nginx")
        let transfers = """
                location /transfer/ {
                    sendfile on;
                    default_type application/octet-stream;
                }
                location = /upload {
                    dav_methods PUT;
                    client_max_body_size 0;
                    root \(prefix)/uploads;
                }

        """
        return NginxConfig.text(prefix: prefix, port: port, writtenBy: "rpc-bench", workerConnections: 1024,
                                extraLocations: transfers)
    }
}
