// PeerServer.swift: starts and stops the Python peers (connectrpc / twirp, multipart upload) on a free loopback port.
import Dispatch
import Foundation
import ProtoHTTPTestSupport

/// One running `rpc_peer_server.py` (Connect or Twirp), using the virtualenv that
/// `scripts/python-client-env` makes. `stop()` (or deinit) ends it.
final class PeerServer {
    let port: Int
    private let process: ChildProcess

    /// The virtualenv's python and generated-code folder, made once per test process.
    private static let environment: Result<(python: String, gen: String), TestServer.ServerError> = {
        let script = PackageRoot.path("scripts/python-client-env")
        let result: ChildProcess.Completed?
        do {
            result = try ChildProcess.run(script, timeout: .seconds(900))
        } catch {
            return .failure(.init(message: "python-client-env did not start: \(error)"))
        }
        guard let result else { return .failure(.init(message: "scripts/python-client-env did not finish within 900 s")) }
        guard result.status == 0, let python = result.lines.last else {
            return .failure(.init(message: "scripts/python-client-env failed with status \(result.status): \(result.stderr)"))
        }
        let gen = URL(fileURLWithPath: python).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("gen").path
        return .success((python, gen))
    }()

    /// Starts a peer for `protocolName` (`"connect"`, `"twirp"`, `"grpc"` or `"grpcweb"`) off the cooperative pool.
    static func start(_ protocolName: String) async throws -> PeerServer {
        try await start(script: "rpc_peer_server.py", protocolName) { gen in [protocolName, gen] }
    }

    /// Starts `multipart_upload_server.py` (python-multipart's streaming parser) off the cooperative pool.
    static func startMultipartPeer() async throws -> PeerServer {
        try await start(script: "multipart_upload_server.py", "multipart upload") { _ in [] }
    }

    private static func start(script: String, _ label: String, arguments: @escaping @Sendable (String) -> [String]) async throws -> PeerServer {
        let result: Result<PeerServerBox, any Error> = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(returning: Result { PeerServerBox(server: try PeerServer(script: script, label, arguments: arguments)) })
            }
        }
        return try result.get().server
    }

    private init(script: String, _ label: String, arguments: (String) -> [String]) throws {
        let environment = try Self.environment.get()
        let path = PackageRoot.path("Tests/ProtoHTTPTests/PythonPeers/\(script)")
        let process = try ChildProcess(environment.python, [path] + arguments(environment.gen), input: .pipe, output: .pipe)
        do {
            self.port = try process.readPort(timeout: .seconds(60)).port
        } catch {
            process.stop()
            throw TestServer.ServerError(message: "the \(label) peer did not report a port: \(error)")
        }
        self.process = process
    }

    /// `http://127.0.0.1:<port>`.
    var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Ends the server (closing stdin makes it exit; SIGTERM makes sure) and reaps it.
    func stop() {
        process.stop(grace: .seconds(2))
    }

    deinit { stop() }
}

/// Carries a server from the starting thread to the test. `@unchecked Sendable` is safe: the
/// box is handed over once and the starting thread keeps no reference.
private struct PeerServerBox: @unchecked Sendable {
    let server: PeerServer
}
