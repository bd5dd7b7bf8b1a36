// TestServer.swift: starts and stops the loopback Python server (Tests/ProtoHTTPTests/PythonPeers/transport_test_server.py), for the client and offline suites.
import Dispatch
import Foundation

/// One running instance of `PythonPeers/transport_test_server.py` on 127.0.0.1 and a free port.
/// Each test starts its own (``start()``), so connection counts are per test; `stop()` ends it.
public final class TestServer {
    /// Starts a server without blocking the cooperative thread pool while Python boots.
    /// With `tls`, the server serves HTTPS with a fresh self-signed certificate for 127.0.0.1.
    public static func start(tls: Bool = false) async throws -> TestServer {
        let box: Result<TestServerBox, any Error> = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(returning: Result { TestServerBox(server: try TestServer(tls: tls)) })
            }
        }
        return try box.get().server
    }

    public let port: Int
    /// The self-signed certificate's PEM file (TLS servers only).
    public let certificatePath: String?
    /// The certificate's public-key pin, `sha256//<base64>` (TLS servers only).
    public let publicKeyPin: String?
    private let directory: String?
    private let process: ChildProcess

    /// Starts the server and waits (blocking) for it to report its port.
    private init(tls: Bool) throws {
        let script = PackageRoot.path("Tests/ProtoHTTPTests/PythonPeers/transport_test_server.py")
        var arguments = [script]
        var directory: String?
        if tls {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("protohttp-tls-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            arguments += ["--tls", path]
            directory = path
        }
        let process = try ChildProcess("python3", arguments, input: .pipe, output: .pipe)
        let line: PortLine
        do {
            line = try process.readPort(timeout: .seconds(60))
        } catch {
            process.stop()
            if let directory { try? FileManager.default.removeItem(atPath: directory) }
            throw ServerError(message: "the test server did not report a port: \(error)")
        }
        self.port = line.port
        self.certificatePath = line.fields["CERT"]
        self.publicKeyPin = line.fields["PIN"]
        self.directory = directory
        self.process = process
    }

    /// `http://127.0.0.1:<port><path>`.
    public func url(_ path: String) -> String { "\(certificatePath == nil ? "http" : "https")://127.0.0.1:\(port)\(path)" }

    /// Ends the server process: closing its stdin makes it exit, SIGTERM makes sure, and it is
    /// reaped (SIGKILL after 2 s, which a healthy server never needs).
    public func stop() {
        process.stop(grace: .seconds(2))
        if let directory { try? FileManager.default.removeItem(atPath: directory) }
    }

    deinit { stop() }

    public struct ServerError: Error, CustomStringConvertible {
        public let message: String
        public var description: String { message }
        public init(message: String) { self.message = message }
    }
}

/// Carries a server from the starting thread to the test. `@unchecked Sendable` is safe: the
/// box is handed over once and the starting thread keeps no reference.
private struct TestServerBox: @unchecked Sendable {
    let server: TestServer
}
