// NginxServer.swift: starts and stops a loopback nginx (HTTP/2 over TLS, h2c or HTTP/1.1) as a real HTTP/2 peer.
import Dispatch
import Foundation
import ProtoHTTPTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// One nginx process on 127.0.0.1 and a free port, with everything it writes (config, pid,
/// logs, temp paths, certificate, the served file) in a fresh temporary folder.
///
/// ```
///  test ──start(.tls)──► /tmp/protohttp-nginx-<uuid>/ { nginx.conf, cert.pem, key.pem, www/pong, backend.sock, error.log }
///                        sh watchdog ─► nginx -p <dir> -c nginx.conf   (daemon off; master_process off)
///  test ──stop()──────► SIGTERM nginx, wait for it to exit (SIGKILL after 5 s), remove the folder
/// ```
///
/// nginx runs in the foreground as one process (`master_process off`), so there are no worker
/// processes, no user switch when tests run as root, and one pid to stop. A small `sh`
/// watchdog starts it and sends it SIGTERM when the test process's pipe to it closes, so
/// nginx does not outlive a test process that crashes before calling ``stop()``.
///
/// The watchdog is started with ``ChildProcess`` (posix_spawn with an empty signal mask), not
/// with Foundation's `Process`: a child inherits the mask of the thread that spawns it, and
/// Dispatch threads block SIGTERM and SIGCHLD, which would make nginx ignore SIGTERM (in
/// single-process mode it never unblocks signals) and `sh`'s `wait` hang.
///
/// Every response carries `X-Connection` (nginx's connection serial number),
/// `X-Connection-Requests` (which request on that connection this is, streams included),
/// `X-Protocol` (`HTTP/2.0` or `HTTP/1.1`) and, when the request had one, `X-Request-Upgrade`
/// (its `Upgrade` header; nginx omits empty values). Any method on any
/// path answers 200 with ``textBody``; `/pong` answers 200 with ``pongBody``
/// (`application/x-protobuf`), also to POST.
///
/// Like an RPC server, nginx reads the whole request body before it answers: the listener
/// proxies to a second server on a unix socket in the same folder (`proxy_pass` reads the body
/// first). nginx's own `return` would answer at once and then reset the HTTP/2 stream with
/// `RST_STREAM(NO_ERROR)`, which RFC 9113 allows but libcurl 7.88 sometimes reports as
/// error 92 when the request body is still being sent.
final class NginxServer {
    /// How the one listener speaks.
    enum Mode: Sendable {
        /// HTTPS with a fresh self-signed certificate for 127.0.0.1; ALPN offers h2 and http/1.1.
        case tls
        /// Cleartext HTTP/2 only (h2c with prior knowledge).
        case h2c
        /// Cleartext HTTP/1.1 only.
        case http1
    }

    /// What every path except `/pong` answers.
    static let textBody = "hello from nginx\n"
    /// The bytes `/pong` serves: `PingResponse { text: "hello", number: 42 }`.
    static let pongBody: [UInt8] = [0x0A, 0x05] + Array("hello".utf8) + [0x10, 0x2A]

    /// Starts a server without blocking the cooperative thread pool while nginx boots.
    static func start(_ mode: Mode) async throws -> NginxServer {
        let box: Result<NginxServerBox, any Error> = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(returning: Result { NginxServerBox(server: try NginxServer(mode: mode)) })
            }
        }
        return try box.get().server
    }

    let mode: Mode
    let port: Int
    /// The self-signed certificate's PEM file (TLS only), for `tls.caBundlePath`.
    let certificatePath: String?
    private let directory: String
    private let watchdog: ChildProcess
    private let nginxPID: pid_t

    /// Creates the folder and certificate, then starts nginx on a free port, retrying with a
    /// new port when another process took the chosen one first. Blocks until nginx listens.
    private init(mode: Mode) throws {
        let nginx = try Self.executable()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("protohttp-nginx-\(UUID().uuidString)").path
        guard (directory + "/backend.sock").utf8.count < 108 else {  // sun_path's size
            throw ServerError(message: "the temporary folder path \(directory) is too long for a unix socket; set TMPDIR to a shorter folder.")
        }
        try FileManager.default.createDirectory(atPath: directory + "/www", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: directory + "/tmp", withIntermediateDirectories: true)
        do {
            try Data(Self.pongBody).write(to: URL(fileURLWithPath: directory + "/www/pong"))
            var certificate: String?
            if mode == .tls {
                try Self.makeCertificate(in: directory)
                certificate = directory + "/cert.pem"
            }
            var lastFailure = ""
            attempts: for _ in 0..<5 {
                let port = try Self.freePort()
                try Self.configuration(mode: mode, port: port, directory: directory)
                    .write(toFile: directory + "/nginx.conf", atomically: true, encoding: .utf8)
                switch try Self.launch(nginx, directory: directory) {
                case .running(let watchdog, let pid):
                    self.mode = mode
                    self.port = port
                    self.certificatePath = certificate
                    self.directory = directory
                    self.watchdog = watchdog
                    self.nginxPID = pid
                    return
                case .failed(let log):
                    lastFailure = log
                    guard log.contains("Address already in use") else { break attempts }
                }
            }
            throw ServerError(message: "nginx did not start; its error log says: \(lastFailure)")
        } catch {
            try? FileManager.default.removeItem(atPath: directory)
            throw error
        }
    }

    /// `https://127.0.0.1:<port><path>` for TLS, `http://…` otherwise.
    func url(_ path: String) -> String { "\(mode == .tls ? "https" : "http")://127.0.0.1:\(port)\(path)" }

    /// Stops nginx (SIGTERM, then waits up to 5 s for it to exit, SIGKILL after that) and
    /// removes its folder. Safe to call more than once.
    func stop() {
        if watchdog.isRunning {
            // The watchdog exits right after it reaps nginx, so while it runs the pid is nginx's.
            kill(nginxPID, SIGTERM)
        }
        watchdog.closeInput()
        if watchdog.wait(upTo: .seconds(5)) == nil {
            if watchdog.isRunning { kill(nginxPID, SIGKILL) }
            watchdog.stop(grace: .seconds(2))
        }
        try? FileManager.default.removeItem(atPath: directory)
    }

    deinit { stop() }

    struct ServerError: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }

    // MARK: Starting

    /// nginx on this machine, or an error saying how to install it. (Also used by
    /// `NginxFileServer`, as are ``launch(_:directory:)`` and ``freePort()``.)
    static func executable() throws -> String {
        for path in ["/usr/sbin/nginx", "/usr/local/sbin/nginx", "/usr/bin/nginx"] where FileManager.default.isExecutableFile(atPath: path) {
            return path
        }
        throw ServerError(message: "nginx is not installed; run scripts/install-deps (Debian package nginx) to get the HTTP/2 test peer.")
    }

    /// The config for one listener on `port`, with every path nginx writes inside `directory`.
    private static func configuration(mode: Mode, port: Int, directory: String) -> String {
        let listen: String = switch mode {
        case .tls: "listen 127.0.0.1:\(port) ssl http2;\n        ssl_certificate \(directory)/cert.pem;\n        ssl_certificate_key \(directory)/key.pem;"
        case .h2c: "listen 127.0.0.1:\(port) http2;"
        case .http1: "listen 127.0.0.1:\(port);"
        }
        return """
        daemon off;
        master_process off;
        pid \(directory)/nginx.pid;
        lock_file \(directory)/nginx.lock;
        error_log \(directory)/error.log warn;
        events { worker_connections 1024; }
        http {
            access_log off;
            client_body_temp_path \(directory)/tmp/body;
            proxy_temp_path \(directory)/tmp/proxy;
            fastcgi_temp_path \(directory)/tmp/fastcgi;
            uwsgi_temp_path \(directory)/tmp/uwsgi;
            scgi_temp_path \(directory)/tmp/scgi;
            types { }
            default_type text/plain;
            server {
                listen unix:\(directory)/backend.sock;
                root \(directory)/www;
                location = /pong { default_type application/x-protobuf; }
                location / { return 200 "hello from nginx\\n"; }
            }
            server {
                \(listen)
                add_header X-Connection $connection always;
                add_header X-Connection-Requests $connection_requests always;
                add_header X-Protocol $server_protocol always;
                add_header X-Request-Upgrade $http_upgrade always;
                location / {
                    proxy_pass http://unix:\(directory)/backend.sock;
                    proxy_method GET;
                    proxy_pass_request_body off;
                    proxy_set_header Content-Length "";
                }
            }
        }

        """
    }

    /// What one launch attempt gave.
    enum Launch {
        case running(ChildProcess, pid_t)
        case failed(String)
    }

    /// Starts nginx under the watchdog and waits (up to 10 s) until its pid file names it,
    /// which nginx writes only after it bound its listener; `.failed` with the error log if it
    /// exited first.
    static func launch(_ nginx: String, directory: String) throws -> Launch {
        let pidFile = directory + "/nginx.pid"
        try? FileManager.default.removeItem(atPath: pidFile)
        let log = directory + "/error.log"
        // fd 3 keeps the socket from the test: when the test's end closes (stop() or a crashed
        // test), the watchdog sends SIGTERM. Background lists read /dev/null unless redirected,
        // hence <&3.
        let script = """
        exec 3<&0 </dev/null
        "$0" -p "$1/" -c "$1/nginx.conf" -e "$1/error.log" >>"$1/error.log" 2>&1 &
        n=$!
        { cat <&3 >/dev/null; kill -TERM "$n" 2>/dev/null; } &
        w=$!
        wait "$n"
        s=$?
        kill "$w" 2>/dev/null
        exit "$s"
        """
        let watchdog = try ChildProcess("/bin/sh", ["-c", script, nginx, directory], input: .pipe, output: .null, error: .null)
        let deadline = ContinuousClock.now + .seconds(10)
        while ContinuousClock.now < deadline {
            if let text = try? String(contentsOfFile: pidFile, encoding: .utf8),
               let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)), pid > 0, watchdog.isRunning {
                return .running(watchdog, pid)
            }
            if !watchdog.isRunning { break }
            usleep(2_000)  // the poll interval until nginx writes its pid
        }
        watchdog.closeInput()  // the watchdog stops nginx if it is still starting
        if watchdog.wait(upTo: .seconds(5)) == nil {
            watchdog.stop(grace: .seconds(2))
        }
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? "<no error log>"
        return .failed(text.isEmpty ? "<empty; nginx did not write its pid file within 10 s>" : text)
    }

    /// A self-signed certificate for 127.0.0.1 (P-256, two days), made with the openssl CLI.
    private static func makeCertificate(in directory: String) throws {
        let openssl = try ChildProcess("/usr/bin/env", [
            "openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
            "-days", "2", "-keyout", directory + "/key.pem", "-out", directory + "/cert.pem",
            "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
        ], output: .null, error: .null)
        guard let exit = openssl.wait(upTo: .seconds(30)) else {
            openssl.stop(grace: .seconds(2))
            throw ServerError(message: "openssl did not make a self-signed certificate within 30 s.")
        }
        guard exit.succeeded else {
            throw ServerError(message: "openssl failed to make a self-signed certificate in \(directory) (\(exit)); install the Debian package openssl (scripts/install-deps).")
        }
    }

    /// A TCP port on 127.0.0.1 that was free a moment ago: bind port 0, read it back, close.
    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ServerError(message: "socket() failed: errno \(errno)") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        guard bound == 0 else { throw ServerError(message: "bind(127.0.0.1:0) failed: errno \(errno)") }
        var actual = sockaddr_in()
        var actualLength = length
        let named = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &actualLength) }
        }
        guard named == 0 else { throw ServerError(message: "getsockname failed: errno \(errno)") }
        return Int(UInt16(bigEndian: actual.sin_port))
    }
}

/// Carries a server from the starting thread to the test. `@unchecked Sendable` is safe: the
/// box is handed over once and the starting thread keeps no reference.
private struct NginxServerBox: @unchecked Sendable {
    let server: NginxServer
}
