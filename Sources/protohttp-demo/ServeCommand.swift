// ServeCommand.swift: `protohttp-demo serve`: serves notes.Notes until SIGINT or SIGTERM, then shuts down gracefully.
import ArgumentParser
import Foundation
import ProtoHTTPDemo
import ProtoHTTPServer
import ProtoHTTPDemoService
import Logging
import ServiceLifecycle

/// Serves the demo's ``NotesService`` (and its JSON-only `/api/notes/list`) for curl or any
/// Connect, Twirp or plain client, over HTTP/1.1 and HTTP/2 (h2c by prior knowledge, or `h2`
/// through ALPN with `--tls-cert` and `--tls-key`); the access log goes to standard error.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the notes demo service until Ctrl-C (SIGINT) or SIGTERM."
    )

    @Option(help: "The port to listen on (0 picks a free one).")
    var port: Int = 8080

    @Option(help: "The address to bind.")
    var host: String = "127.0.0.1"

    @Option(name: .customLong("tls-cert"), help: ArgumentHelp(
        "Serve HTTPS with this certificate chain (PEM: the server certificate, then intermediates).", valueName: "pem-file"))
    var tlsCertificate: String?

    @Option(name: .customLong("tls-key"), help: ArgumentHelp(
        "The private key of --tls-cert (PEM, unencrypted).", valueName: "pem-file"))
    var tlsKey: String?

    @Flag(help: "Also serve gRPC server reflection (grpc.reflection.v1 and v1alpha), so protohttp list, grpcurl or Postman need no .proto file.")
    var reflection = false

    func validate() throws {
        if (tlsCertificate == nil) != (tlsKey == nil) {
            throw ValidationError("--tls-cert and --tls-key go together: give both to serve HTTPS, or neither for cleartext HTTP.")
        }
    }

    func run() async throws {
        let tls = tlsCertificate.flatMap { certificate in tlsKey.map { ServerTLS(certificateChainPath: certificate, privateKeyPath: $0) } }
        let demo = try DemoServer(host: host, port: port, tls: tls, reflection: reflection)
        // The banner runs in the group too: it prints once the server listens (the signals are
        // caught by then) and, being last, hears of the shutdown first.
        let banner = ClosureService {
            _ = try await demo.server.listeningPort
            Self.printBanner(demo.baseURL, tls: tls != nil)
            try await gracefulShutdown()
            print("\nshutting down gracefully (calls in flight may finish)…")
        }
        var logger = Logger(label: "protohttp-demo.serve")
        logger.logLevel = .warning
        let group = ServiceGroup(services: [demo.server, banner], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
        try await group.run()
        print("stopped.")
    }

    private static func printBanner(_ url: String, tls: Bool) {
        let route = DemoServer.listRoute.path
        let endpoints = [
            ("Connect", "\(url)/notes.Notes/<Method>", "application/proto or application/json"),
            ("Twirp", "\(url)/twirp/notes.Notes/<Method>", "application/protobuf or application/json"),
            ("plain", "\(url)/notes.Notes/<Method>", "application/x-protobuf"),
            ("JSON only", url + route, "application/json (runs ListNotes)"),
        ]
        let width = endpoints.map(\.1.count).max() ?? 0
        print("Serving notes.Notes (Protos/demo/notes.proto) on \(url); Ctrl-C or SIGTERM stops it.")
        print(tls ? "HTTPS: HTTP/2 or HTTP/1.1, chosen by ALPN."
                  : "HTTP/1.1, and HTTP/2 for clients with prior knowledge (curl --http2-prior-knowledge).")
        print("Methods: CreateNote, GetNote, ListNotes, DeleteNote. The access log goes to standard error.\n")
        for (name, path, types) in endpoints {
            print("  " + name.padding(toLength: 11, withPad: " ", startingAt: 0) + "POST "
                  + path.padding(toLength: width + 2, withPad: " ", startingAt: 0) + types)
        }
        // With TLS, curl must trust the CA that signed the certificate (-k would skip the check).
        let curl = tls ? "curl -s --cacert ca.pem" : "curl -s"
        print("""

        Try\(tls ? " (ca.pem: the CA that signed --tls-cert)" : ""):
          \(curl) -H 'Content-Type: application/json' -d '{"title": "Hello", "tags": ["demo"], "text": "from curl"}' \\
               \(url)/notes.Notes/CreateNote
          \(curl) -H 'Content-Type: application/json' -d '{"tag": "demo"}' \(url)/twirp/notes.Notes/ListNotes
          \(curl) -H 'Content-Type: application/json' -d '{"id": "n404"}' \(url)/notes.Notes/GetNote
          \(curl) -H 'Content-Type: application/json' -d '{}' \(url)\(route)
        """)
        fflush(nil)  // every output stream: the URL must reach a pipe before the first request
    }
}
