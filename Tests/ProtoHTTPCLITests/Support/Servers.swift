// Servers.swift: the servers `protohttp call` is tested against: `protohttp-demo serve --port 0` (HTTP or HTTPS), and the Python connectrpc and twirp peers.
import Foundation
import ProtoHTTPTestSupport

/// A running server child process and its base URL; ``stop()`` (or deinit) ends it.
final class RunningServer: Sendable {
    let baseURL: String
    private let process: ChildProcess

    private init(baseURL: String, process: ChildProcess) {
        self.baseURL = baseURL
        self.process = process
    }

    /// `protohttp-demo serve --port 0` (with `tls`, over HTTPS with its server certificate):
    /// its banner's first line names the URL.
    static func serveDemo(tls: TestCertificates? = nil, reflection: Bool = false) async throws -> RunningServer {
        let demo = try CLI.executable("protohttp-demo")
        let tlsArguments = (tls.map { ["--tls-cert", $0.certificatePath, "--tls-key", $0.keyPath] } ?? []) + (reflection ? ["--reflection"] : [])
        let scheme = tls == nil ? "http" : "https"
        return try await offPool {
            let process = try ChildProcess(demo, ["serve", "--port", "0"] + tlsArguments, output: .pipe, error: .null)
            guard let line = try process.readLine(timeout: .seconds(30)),
                  let url = line.split(separator: " ").first(where: { $0.hasPrefix("\(scheme)://127.0.0.1:") }) else {
                process.stop()
                throw ChildProcess.Failure("protohttp-demo serve printed no URL")
            }
            return RunningServer(baseURL: url.trimmingCharacters(in: CharacterSet(charactersIn: ";")), process: process)
        }
    }

    /// The virtualenv's python and generated-code folder (`scripts/python-client-env`, made once).
    private static let pythonEnvironment: Result<(python: String, gen: String), ChildProcess.Failure> = {
        let result: ChildProcess.Completed?
        do {
            result = try ChildProcess.run(PackageRoot.path("scripts/python-client-env"), timeout: .seconds(900))
        } catch {
            return .failure(ChildProcess.Failure("scripts/python-client-env did not start: \(error)"))
        }
        guard let result, result.status == 0, let python = result.lines.last else {
            return .failure(ChildProcess.Failure("scripts/python-client-env failed: \(result?.stderr ?? "timed out")"))
        }
        let gen = URL(fileURLWithPath: python).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("gen").path
        return .success((python, gen))
    }()

    /// `Tests/ProtoHTTPTests/PythonPeers/rpc_peer_server.py connect|twirp|grpc|grpc-mtls`, the
    /// client tests' peers; `extra` follows the generated-code folder (grpc-mtls: cert, key, CA).
    static func pythonPeer(_ protocolName: String, extra: [String] = []) async throws -> RunningServer {
        try await offPool {
            let environment = try pythonEnvironment.get()
            let script = PackageRoot.path("Tests/ProtoHTTPTests/PythonPeers/rpc_peer_server.py")
            let process = try ChildProcess(environment.python, [script, protocolName, environment.gen] + extra, input: .pipe, output: .pipe)
            do {
                let port = try process.readPort(timeout: .seconds(60)).port
                let scheme = protocolName.hasSuffix("-mtls") ? "https" : "http"
                return RunningServer(baseURL: "\(scheme)://127.0.0.1:\(port)", process: process)
            } catch {
                process.stop()
                throw error
            }
        }
    }

    func stop() { process.stop(grace: .seconds(2)) }

    deinit { stop() }
}
