// ConnectionOptions.swift: how a command reaches a server: TLS files and checks, and HTTP/2 by prior knowledge.
import ArgumentParser
import Foundation
import ProtoHTTP
import ProtoHTTPCore

/// The options of every command that talks to a server (`call`, and `list` asking a server's
/// reflection): what to trust and show over TLS, and whether cleartext starts in HTTP/2.
struct ConnectionOptions: ParsableArguments {
    @Option(help: ArgumentHelp("For https URLs: the CA certificates (PEM) to verify the server with, instead of the system's.", valueName: "pem-file"))
    var cacert: String?

    @Flag(name: [.customShort("k"), .customLong("insecure")], help: "For https URLs: do not verify the server's certificate or name (testing only).")
    var insecure = false

    @Option(help: ArgumentHelp("For https URLs: a client certificate (PEM) for servers that ask for one (mutual TLS).", valueName: "pem-file"))
    var cert: String?

    @Option(help: ArgumentHelp("The private key (PEM) of --cert, when that file does not hold it too.", valueName: "pem-file"))
    var key: String?

    @Flag(name: .customLong("http2-prior-knowledge"), help: "For http URLs: speak HTTP/2 from the first byte (h2c), as gRPC does; other protocols use HTTP/1.1 there otherwise.")
    var http2PriorKnowledge = false

    func validate() throws {
        if let cacert, !FileManager.default.isReadableFile(atPath: cacert) {
            throw ValidationError("--cacert \(cacert): no readable file there; give a PEM file of CA certificates.")
        }
        if let cert, !FileManager.default.isReadableFile(atPath: cert) {
            throw ValidationError("--cert \(cert): no readable file there; give the PEM file of your client certificate.")
        }
        if let key {
            guard cert != nil else { throw ValidationError("--key goes with --cert: give the client certificate too.") }
            guard FileManager.default.isReadableFile(atPath: key) else {
                throw ValidationError("--key \(key): no readable file there; give the PEM file of the client certificate's private key.")
            }
        }
    }

    /// The transport's settings for these options; `timeout` bounds each transfer.
    func transportConfiguration(timeout: Double?) -> TransportConfiguration {
        var configuration = TransportConfiguration()
        configuration.userAgent = "protohttp"
        if let timeout { configuration.timeout = .seconds(timeout + 5) }
        configuration.tls.caBundlePath = cacert
        configuration.tls.clientCertificatePath = cert
        configuration.tls.clientKeyPath = key
        if http2PriorKnowledge { configuration.httpVersion = .http2PriorKnowledge }
        if insecure {
            configuration.tls.verifyPeer = false
            configuration.tls.verifyHost = false
        }
        return configuration
    }

    /// What the command line offers against a certificate the client did not accept (libcurl's
    /// 60: unknown issuer, 51: name mismatch, 90: pinned key, 77: CA file unreadable): the
    /// transport's message names the library setting, a shell user needs the flag.
    func certificateHint(_ error: ProtoHTTPError) -> String {
        guard !insecure, let code = error.transportError?.curlCode, [51, 60, 77, 90].contains(code) else { return "" }
        let fix = cacert.map { "Check that --cacert \($0) holds" } ?? "Pass --cacert FILE with"
        return " \(fix) the CA that signed the server's certificate (or -k to skip the check, for testing)."
    }
}
