// TestServer.swift: a ProtoHTTPServer on a free loopback port with the test services, its clients, and the suite root.
import Foundation
import ProtoHTTP
import ProtoHTTPServer
import Testing
import ProtoHTTPCore

/// The root of every server suite. Its suites run one at a time: the load test keeps both cores
/// busy, and the deadline and shutdown tests measure time.
@Suite("ProtoHTTPServer", .serialized)
struct ServerTests {}

/// One server for one test: `notes.Notes` (an in-memory ``NotesStore``) and `test.Faults`
/// (``FaultsService``) on 127.0.0.1, port 0, and one HTTP transport for the test's clients.
struct TestServer: Sendable {
    let server: ProtoHTTPServer
    let notes: NotesStore
    let faults: FaultsService
    let transport: HTTPTransport
    /// The bound port.
    let port: Int

    /// `http://127.0.0.1:<port>`.
    var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Starts a server; `adjust` changes the configuration (quiet logs and no access log by
    /// default); `extraServices` are served beside the two test services.
    static func start(_ adjust: (inout ServerConfiguration) -> Void = { _ in }, extraServices: [any ProtoHTTPService] = []) async throws -> TestServer {
        var configuration = ServerConfiguration(host: "127.0.0.1", port: 0, accessLog: false)
        configuration.logger.logLevel = .critical
        adjust(&configuration)
        let notes = NotesStore()
        let faults = FaultsService()
        let server = try ProtoHTTPServer(configuration: configuration, services: [notes.definition, faults.definition] + extraServices)
        try await server.start()
        let port = try #require(server.port)
        var transportConfiguration = TransportConfiguration()
        transportConfiguration.proxy = .none
        let transport = try HTTPTransport(configuration: transportConfiguration)
        return TestServer(server: server, notes: notes, faults: faults, transport: transport, port: port)
    }

    /// Shuts the server down, then the transport.
    func stop() async {
        await server.shutdown()
        transport.shutdown()
    }

    /// A manager calling this server over `wireProtocol` through the shared transport.
    func manager(_ wireProtocol: any WireProtocol, timeout: Duration = .seconds(20)) throws(ProtoHTTPError) -> ProtoHTTPManager {
        var configuration = ManagerConfiguration(baseURL: baseURL)
        configuration.wireProtocol = wireProtocol
        configuration.timeout = timeout
        return try ProtoHTTPManager(configuration: configuration, transport: transport)
    }
}

/// Runs `body` against a fresh ``TestServer`` and stops the server afterwards, also when `body` throws.
func withServer<T>(
    _ adjust: (inout ServerConfiguration) -> Void = { _ in },
    extraServices: [any ProtoHTTPService] = [],
    _ body: (TestServer) async throws -> T
) async throws -> T {
    let server = try await TestServer.start(adjust, extraServices: extraServices)
    do {
        let result = try await body(server)
        await server.stop()
        return result
    } catch {
        await server.stop()
        throw error
    }
}


extension Duration {
    /// The duration in seconds.
    var seconds: Double {
        let (whole, attoseconds) = components
        return Double(whole) + Double(attoseconds) / 1e18
    }
}

extension Result where Failure == ProtoHTTPError {
    /// Runs an async throwing body and captures its outcome.
    init(_ body: () async throws(ProtoHTTPError) -> Success) async {
        do { self = .success(try await body()) } catch { self = .failure(error) }
    }

    /// The error, or `nil` on success.
    var error: ProtoHTTPError? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
