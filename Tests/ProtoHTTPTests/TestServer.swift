// TestServer.swift: starts and stops the loopback Python server (Servers/transport_test_server.py).
import Dispatch
import Foundation
import Testing

/// One running instance of `Servers/transport_test_server.py` on 127.0.0.1 and a free port.
/// Each test starts its own (``start()``), so connection counts are per test; `stop()` ends it.
final class TestServer {
    /// Starts a server without blocking the cooperative thread pool while Python boots.
    /// With `tls`, the server serves HTTPS with a fresh self-signed certificate for 127.0.0.1.
    static func start(tls: Bool = false) async throws -> TestServer {
        let box: Result<TestServerBox, any Error> = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(returning: Result { TestServerBox(server: try TestServer(tls: tls)) })
            }
        }
        return try box.get().server
    }

    let port: Int
    /// The self-signed certificate's PEM file (TLS servers only).
    let certificatePath: String?
    /// The certificate's public-key pin, `sha256//<base64>` (TLS servers only).
    let publicKeyPin: String?
    private let directory: String?
    private let process: Process
    private let stdin: Pipe

    /// Starts the server and waits (blocking) for it to report its port.
    private init(tls: Bool) throws {
        let script = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()
            .appendingPathComponent("Servers/transport_test_server.py")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        var arguments = ["python3", script.path]
        var directory: String?
        if tls {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("protohttp-tls-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            arguments += ["--tls", path]
            directory = path
        }
        process.arguments = arguments
        let stdin = Pipe()
        let stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        try process.run()
        var text = ""
        while !text.contains("PORT ") || !text.hasSuffix("\n") {
            let data = stdout.fileHandleForReading.availableData
            if data.isEmpty { break }
            text += String(decoding: data, as: UTF8.self)
        }
        var fields: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1)
            if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
        }
        guard let port = fields["PORT"].flatMap({ Int($0) }) else {
            process.terminate()
            throw ServerError(message: "the test server did not report a port; got \(text.debugDescription)")
        }
        self.port = port
        self.certificatePath = fields["CERT"]
        self.publicKeyPin = fields["PIN"]
        self.directory = directory
        self.process = process
        self.stdin = stdin
    }

    /// `http://127.0.0.1:<port><path>`.
    func url(_ path: String) -> String { "\(certificatePath == nil ? "http" : "https")://127.0.0.1:\(port)\(path)" }

    /// Ends the server process (closing its stdin makes it exit; SIGTERM makes sure).
    /// Does not wait, so it never blocks a test's thread.
    func stop() {
        try? stdin.fileHandleForWriting.close()
        if process.isRunning { process.terminate() }
        if let directory { try? FileManager.default.removeItem(atPath: directory) }
    }

    deinit { stop() }

    struct ServerError: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }
}

/// Carries a server from the starting thread to the test. `@unchecked Sendable` is safe: the
/// box is handed over once and the starting thread keeps no reference.
private struct TestServerBox: @unchecked Sendable {
    let server: TestServer
}
