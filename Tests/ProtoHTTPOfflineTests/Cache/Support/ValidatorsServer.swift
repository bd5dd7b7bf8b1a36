// ValidatorsServer.swift: starts and stops the Python peer whose GETs carry ETag / Last-Modified and answer 304 (PythonPeers/validators_server.py).
import Dispatch
import Foundation
import ProtoHTTPTestSupport

/// One `validators_server.py` on 127.0.0.1 and a free port, for one test.
final class ValidatorsServer: Sendable {
    /// What the server saw (its `/stats`).
    struct Stats: Decodable, Equatable {
        /// GETs of `/etag` and `/modified`.
        var requests: Int
        /// 304s sent.
        var notModified: Int
        /// Every `If-None-Match` received, in order.
        var ifNoneMatch: [String]
        /// Every `If-Modified-Since` received, in order.
        var ifModifiedSince: [String]

        enum CodingKeys: String, CodingKey {
            case requests, notModified = "not_modified", ifNoneMatch = "if_none_match", ifModifiedSince = "if_modified_since"
        }
    }

    let port: Int
    private let process: ChildProcess

    /// `http://127.0.0.1:<port>`.
    var baseURL: String { "http://127.0.0.1:\(port)" }

    private init(port: Int, process: ChildProcess) {
        self.port = port
        self.process = process
    }

    /// Starts the server off the cooperative pool and waits for its `PORT` line.
    static func start() async throws -> ValidatorsServer {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { () throws -> ValidatorsServer in
                    let script = PackageRoot.path("Tests/ProtoHTTPOfflineTests/Cache/PythonPeers/validators_server.py")
                    let process = try ChildProcess("python3", [script], input: .pipe, output: .pipe)
                    do {
                        return ValidatorsServer(port: try process.readPort(timeout: .seconds(30)).port, process: process)
                    } catch {
                        process.stop()
                        throw error
                    }
                })
            }
        }
    }

    /// Ends the server (closing its stdin, then SIGTERM) and reaps it.
    func stop() { process.stop(grace: .seconds(2)) }

    deinit { process.stop(grace: .seconds(2)) }
}
