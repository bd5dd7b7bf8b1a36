// GateProxy.swift: starts and drives PythonPeers/gate_proxy.py, which holds a response after a set number of bytes.
import Dispatch
import Foundation
import ProtoHTTPTestSupport

/// A loopback proxy in front of a test server whose first response stops after exactly
/// `holdAfter` bytes (status line and headers included) until ``release()``.
///
/// A test that must act mid-transfer (cancel a download with part of it on disk, say) waits
/// for ``waitUntilHeld()`` instead of sleeping and hoping the transfer is still running: the
/// client then has those bytes and cannot get more, however fast or slow the machine is.
final class GateProxy: Sendable {
    let port: Int
    private let process: ChildProcess

    /// Starts the proxy for `127.0.0.1:upstreamPort`, off the cooperative pool.
    static func start(upstreamPort: Int, holdAfter: Int) async throws -> GateProxy {
        try await offPool {
            let script = PackageRoot.path("Tests/ProtoHTTPTests/PythonPeers/gate_proxy.py")
            let process = try ChildProcess("python3", [script, String(upstreamPort), String(holdAfter)], input: .pipe, output: .pipe)
            do {
                return GateProxy(port: try process.readPort(timeout: .seconds(60)).port, process: process)
            } catch {
                process.stop()
                throw error
            }
        }
    }

    private init(port: Int, process: ChildProcess) {
        self.port = port
        self.process = process
    }

    /// `http://127.0.0.1:<port><path>`.
    func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    /// Waits for the proxy's `HELD <n>` line and returns n. The 60 s is a hang guard only (the
    /// hold comes as soon as the first response's bytes have passed).
    func waitUntilHeld() async throws -> Int {
        try await offPool { [process] in
            while let line = try process.readLine(timeout: .seconds(60)) {
                if line.hasPrefix("HELD "), let count = Int(line.dropFirst(5)) { return count }
            }
            throw GateProxyError(message: "the gate proxy ended or said nothing for 60 s before holding the response")
        }
    }

    /// Lets the held response go on.
    func release() throws { try process.write(Array("release\n".utf8)) }

    /// Ends the proxy: closing its stdin makes it exit; it is reaped.
    func stop() { process.stop(grace: .seconds(2)) }

    deinit { stop() }

    struct GateProxyError: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }
}
