// PeerServer.swift: starts and stops the Python connectrpc / twirp peer (Servers/rpc_peer_server.py) on a free loopback port.
import Dispatch
import Foundation

/// One running `rpc_peer_server.py` (Connect or Twirp), using the virtualenv that
/// `scripts/python-client-env` makes. `stop()` (or deinit) ends it.
final class PeerServer {
    let port: Int
    private let process: Process
    private let stdin: Pipe

    /// The virtualenv's python and generated-code folder, made once per test process.
    private static let environment: Result<(python: String, gen: String), TestServer.ServerError> = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let process = Process()
        process.executableURL = root.appendingPathComponent("scripts/python-client-env")
        let out = Pipe()
        process.standardOutput = out
        do { try process.run() } catch { return .failure(.init(message: "python-client-env did not start: \(error)")) }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
        guard process.terminationStatus == 0, let python = lines.last.map(String.init) else {
            return .failure(.init(message: "scripts/python-client-env failed with status \(process.terminationStatus)"))
        }
        let gen = URL(fileURLWithPath: python).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("gen").path
        return .success((python, gen))
    }()

    /// Starts a peer for `protocolName` (`"connect"` or `"twirp"`) off the cooperative pool.
    static func start(_ protocolName: String) async throws -> PeerServer {
        let result: Result<PeerServerBox, any Error> = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(returning: Result { PeerServerBox(server: try PeerServer(protocolName)) })
            }
        }
        return try result.get().server
    }

    private init(_ protocolName: String) throws {
        let environment = try Self.environment.get()
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Servers/rpc_peer_server.py")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: environment.python)
        process.arguments = [script.path, protocolName, environment.gen]
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
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("PORT ") }),
              let port = Int(line.dropFirst(5)) else {
            process.terminate()
            throw TestServer.ServerError(message: "the \(protocolName) peer did not report a port; got \(text.debugDescription)")
        }
        self.port = port
        self.process = process
        self.stdin = stdin
    }

    /// `http://127.0.0.1:<port>`.
    var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Ends the server (closing stdin makes it exit; SIGTERM makes sure).
    func stop() {
        try? stdin.fileHandleForWriting.close()
        if process.isRunning { process.terminate() }
    }

    deinit { stop() }
}

/// Carries a server from the starting thread to the test. `@unchecked Sendable` is safe: the
/// box is handed over once and the starting thread keeps no reference.
private struct PeerServerBox: @unchecked Sendable {
    let server: PeerServer
}
