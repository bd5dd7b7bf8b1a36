// ClientTransports.swift: our client set up for HTTP/2 and TLS against a TestServer, and curl run as a one-shot peer.
import Foundation
import ProtoHTTP
import ProtoHTTPTestSupport
import ProtoHTTPCore

extension TestServer {
    /// A transport of its own (no proxy), configured by `adjust`; the caller shuts it down.
    static func transport(_ adjust: (inout TransportConfiguration) -> Void) throws(ProtoHTTPError) -> HTTPTransport {
        var configuration = TransportConfiguration()
        configuration.proxy = .none
        adjust(&configuration)
        return try HTTPTransport(configuration: configuration)
    }

    /// A manager calling this server at `baseURL` (default ``baseURL``) over `wireProtocol` through `transport`.
    func manager(_ wireProtocol: any WireProtocol, transport: HTTPTransport, baseURL: String? = nil) throws(ProtoHTTPError) -> ProtoHTTPManager {
        var configuration = ManagerConfiguration(baseURL: baseURL ?? self.baseURL)
        configuration.wireProtocol = wireProtocol
        configuration.timeout = .seconds(20)
        return try ProtoHTTPManager(configuration: configuration, transport: transport)
    }
}

/// The curl command line, run to completion off the cooperative pool.
enum Curl {
    /// What curl printed: the body, then (from `-w`) a last line `<status> <http_version>`.
    struct Outcome: Sendable {
        var exitStatus: Int32
        var body: String
        var status: Int
        var httpVersion: String
        var stderr: String
    }

    /// Runs `curl -sS <arguments> -w '\n%{http_code} %{http_version}'`, within 15 s.
    static func run(_ arguments: [String]) async throws -> Outcome {
        let done = try await offPool {
            try ChildProcess.run("curl", ["-sS", "--max-time", "10", "-w", "\n%{http_code} %{http_version}"] + arguments, timeout: .seconds(15))
        }
        guard let done else { throw ChildProcess.Failure("curl did not finish within 15 s") }
        var lines = done.stdout.components(separatedBy: "\n")
        let last = lines.popLast()?.split(separator: " ") ?? []
        return Outcome(exitStatus: done.status, body: lines.joined(separator: "\n"),
                       status: last.first.flatMap { Int($0) } ?? 0, httpVersion: last.count > 1 ? String(last[1]) : "",
                       stderr: done.stderr)
    }
}
