// NginxFileServer.swift: a loopback nginx serving static files with ranges, ETags and an access log, restartable mid-test.
import Dispatch
import Foundation
import ProtoHTTPTestSupport
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// One nginx (HTTP/1.1, cleartext) on 127.0.0.1 serving the files a test puts in ``filesDirectory``.
///
/// ```
///  /files/<name>     the file, with ETag, Last-Modified and byte ranges (nginx's defaults);
///                    a request header "X-Limit-Rate: <bytes per second>" slows the response
///  /norange/<name>   the same file with `max_ranges 0`: Range is ignored, always 200
///  access.log        one line per request: "<status> <method> <uri> range=[…] if-range=[…] sent=<bytes>"
/// ```
///
/// ``stopServer()`` ends nginx (and every connection it has) but keeps the folder and port, so
/// ``restart()`` brings the same server back, as a crashed or restarted server would come back.
/// ``stop()`` ends it for good and removes the folder. Launching reuses `NginxServer`'s
/// watchdog, so nginx never outlives a crashed test process.
final class NginxFileServer: Sendable {
    /// Starts a server without blocking the cooperative thread pool while nginx boots.
    static func start() async throws -> NginxFileServer {
        let started: Result<NginxFileServer, any Error> = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(returning: Result { try NginxFileServer() })
            }
        }
        return try started.get()
    }

    let port: Int
    /// The folder served under `/files/` and `/norange/`.
    let filesDirectory: String
    private let directory: String
    /// The running nginx under its watchdog; `nil` while stopped.
    private let running = Mutex<(watchdog: ChildProcess, pid: pid_t)?>(nil)

    private init() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("protohttp-files-\(UUID().uuidString)").path
        self.directory = directory
        self.filesDirectory = directory + "/www/files"
        try FileManager.default.createDirectory(atPath: filesDirectory, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: directory + "/tmp", withIntermediateDirectories: true)
        let nginx = try NginxServer.executable()
        var lastFailure = ""
        attempts: for _ in 0..<5 {
            let port = try NginxServer.freePort()
            try Self.configuration(port: port, directory: directory).write(toFile: directory + "/nginx.conf", atomically: true, encoding: .utf8)
            switch try NginxServer.launch(nginx, directory: directory) {
            case .running(let watchdog, let pid):
                self.port = port
                self.running.withLock { $0 = (watchdog, pid) }
                return
            case .failed(let log):
                lastFailure = log
                if !log.contains("Address already in use") { break attempts }
            }
        }
        try? FileManager.default.removeItem(atPath: directory)
        throw NginxServer.ServerError(message: "nginx did not start; its error log says: \(lastFailure)")
    }

    /// `http://127.0.0.1:<port><path>`.
    func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    /// The path of `name` in the served folder.
    func filePath(_ name: String) -> String { filesDirectory + "/" + name }

    /// The access log's lines so far.
    func accessLog() -> [String] {
        let text = (try? String(contentsOfFile: directory + "/access.log", encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init)
    }

    /// Waits (up to 3 s) for an access-log line starting with `prefix`: nginx writes a
    /// request's line when it has finished with it, which can be after the client has.
    func waitForLogLine(startingWith prefix: String) async -> Bool {
        await waitUntil { self.accessLog().contains { $0.hasPrefix(prefix) } }
    }

    /// Ends nginx and every connection it holds (SIGTERM: nginx closes them at once); the
    /// folder and the port stay for ``restart()``.
    func stopServer() {
        guard let (watchdog, pid) = running.withLock({ current in defer { current = nil }; return current }) else { return }
        if watchdog.isRunning { kill(pid, SIGTERM) }
        watchdog.closeInput()
        if watchdog.wait(upTo: .seconds(5)) == nil {
            if watchdog.isRunning { kill(pid, SIGKILL) }
            watchdog.stop(grace: .seconds(2))
        }
    }

    /// Starts nginx again on the same port and folder.
    func restart() throws {
        guard running.withLock({ $0 == nil }) else { return }
        let deadline = ContinuousClock.now + .seconds(10)
        while true {
            switch try NginxServer.launch(try NginxServer.executable(), directory: directory) {
            case .running(let watchdog, let pid):
                running.withLock { $0 = (watchdog, pid) }
                return
            case .failed(let log):
                // The old listener's port can linger for a moment after the old process exits.
                guard log.contains("Address already in use"), ContinuousClock.now < deadline else {
                    throw NginxServer.ServerError(message: "nginx did not restart: \(log)")
                }
                usleep(50_000)  // the poll interval while the old port lingers
            }
        }
    }

    /// Stops nginx and removes the folder. Safe to call more than once.
    func stop() {
        stopServer()
        try? FileManager.default.removeItem(atPath: directory)
    }

    deinit { stop() }

    private static func configuration(port: Int, directory: String) -> String {
        """
        daemon off;
        master_process off;
        pid \(directory)/nginx.pid;
        lock_file \(directory)/nginx.lock;
        error_log \(directory)/error.log warn;
        events { worker_connections 256; }
        http {
            log_format transfers '$status $request_method $uri range=[$http_range] if-range=[$http_if_range] sent=$body_bytes_sent';
            access_log \(directory)/access.log transfers;
            client_body_temp_path \(directory)/tmp/body;
            proxy_temp_path \(directory)/tmp/proxy;
            fastcgi_temp_path \(directory)/tmp/fastcgi;
            uwsgi_temp_path \(directory)/tmp/uwsgi;
            scgi_temp_path \(directory)/tmp/scgi;
            types { }
            default_type application/octet-stream;
            sendfile on;
            map $http_x_limit_rate $requested_rate { default 0; "~^[0-9]+$" $http_x_limit_rate; }
            server {
                listen 127.0.0.1:\(port);
                root \(directory)/www;
                location /files/ { set $limit_rate $requested_rate; }
                location /norange/ { alias \(directory)/www/files/; max_ranges 0; set $limit_rate $requested_rate; }
            }
        }

        """
    }
}
