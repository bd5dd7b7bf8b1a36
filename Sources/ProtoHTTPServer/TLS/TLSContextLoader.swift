// TLSContextLoader.swift: reads ServerTLS's PEM files into swift-nio-ssl's server context, with ALPN h2 and http/1.1.
import ProtoHTTPCore
#if TLS
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import NIOSSL

/// Makes the `NIOSSLContext` every TLS connection of a server shares, from ``ServerTLS``'s
/// files: TLS 1.2 or newer, swift-nio-ssl's default cipher suites, ALPN offering `h2` then
/// `http/1.1` (only `http/1.1` with HTTP/2 off), and a 300 ms wait for the client's
/// close_notify when a connection closes. Every failure is a `ProtoHTTPError`
/// (`invalid_argument`) that names the file, the setting, and the cause.
enum TLSContextLoader {
    /// The context for `configuration`'s ``ServerConfiguration/tls``, `nil` for cleartext.
    static func context(for configuration: ServerConfiguration) throws(ProtoHTTPError) -> ServerTLSContext? {
        guard let tls = configuration.tls else { return nil }
        return try makeContext(tls, http2: configuration.http2)
    }

    static func makeContext(_ tls: ServerTLS, http2: Bool) throws(ProtoHTTPError) -> ServerTLSContext {
        let chainPath = tls.certificateChainPath
        let keyPath = tls.privateKeyPath
        let chain = try certificates(at: chainPath)
        let key = try privateKey(at: keyPath)
        var configuration = TLSConfiguration.makeServerConfiguration(certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(key))
        configuration.minimumTLSVersion = .tlsv12
        configuration.applicationProtocols = http2 ? ["h2", "http/1.1"] : ["http/1.1"]
        // Closing sends close_notify and waits this long for the client's (swift-nio-ssl's default
        // is 5 s). Clients keep idle connections in pools without reading them, so they never
        // answer; every close happens after our last write completed, so nothing is cut short.
        configuration.shutdownTimeout = .milliseconds(300)
        do {
            return try NIOSSLContext(configuration: configuration)
        } catch {
            throw failure("the private key \(keyPath) (tls.privateKeyPath) does not belong to the certificate in \(chainPath) (tls.certificateChainPath), or one of them is unusable (\(error)); use the key the certificate was issued for.")
        }
    }

    /// The certificates of a PEM file, the server's own first.
    private static func certificates(at path: String) throws(ProtoHTTPError) -> [NIOSSLCertificate] {
        let bytes = try readFile(path, setting: "tls.certificateChainPath", what: "certificate chain")
        let found = try? NIOSSLCertificate.fromPEMBytes(bytes)
        guard let found, !found.isEmpty else {
            throw failure("the TLS certificate chain \(path) (tls.certificateChainPath) is not a PEM certificate file: no readable \"-----BEGIN CERTIFICATE-----\" block; convert it to PEM (e.g. openssl x509 -inform der -in cert.der -out cert.pem).")
        }
        return found
    }

    /// The unencrypted private key of a PEM file.
    private static func privateKey(at path: String) throws(ProtoHTTPError) -> NIOSSLPrivateKey {
        let bytes = try readFile(path, setting: "tls.privateKeyPath", what: "private key")
        if String(decoding: bytes, as: UTF8.self).contains("ENCRYPTED") {
            throw failure("the TLS private key \(path) (tls.privateKeyPath) is encrypted; the server needs it unencrypted (openssl pkey -in \(path) -out key.pem), readable only by the server's user.")
        }
        do {
            return try NIOSSLPrivateKey(bytes: bytes, format: .pem)
        } catch {
            throw failure("the TLS private key \(path) (tls.privateKeyPath) is not a PEM private key: no readable \"-----BEGIN PRIVATE KEY-----\" block (\(error)); point it at the certificate's key in PEM form.")
        }
    }

    /// The whole file at `path`, or an error saying why it cannot be read.
    private static func readFile(_ path: String, setting: String, what: String) throws(ProtoHTTPError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            throw failure("cannot read the TLS \(what) \(path) (\(setting)): \(errorText(errno)); check the path and the file's permissions.")
        }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else {
                throw failure("cannot read the TLS \(what) \(path) (\(setting)): \(errorText(errno)); point it at a PEM file.")
            }
            if count == 0 { break }
            bytes += chunk[..<count]
            guard bytes.count <= 1 << 20 else {
                throw failure("the TLS \(what) \(path) (\(setting)) is larger than 1 MiB, far more than any PEM \(what); check the path.")
            }
        }
        return bytes
    }

    private static func errorText(_ code: Int32) -> String {
        String(cString: strerror(code))
    }

    private static func failure(_ message: String) -> ProtoHTTPError {
        ProtoHTTPError(code: .invalidArgument, message: message)
    }
}
#else
/// Without the package trait `TLS` there is nothing to load into: asking for TLS fails with a
/// message that says how to get it.
enum TLSContextLoader {
    /// `nil` for cleartext; asking for TLS throws.
    static func context(for configuration: ServerConfiguration) throws(ProtoHTTPError) -> ServerTLSContext? {
        guard configuration.tls != nil else { return nil }
        throw ProtoHTTPError(
            code: .failedPrecondition,
            message: "this build of ProtoHTTPServer has no TLS: the package trait TLS is off (the dependency names other traits, e.g. `traits: []`). Depend on ProtoHTTP with its default traits (or `traits: [\"TLS\"]`) to serve HTTPS, or leave ServerConfiguration.tls nil and put a TLS proxy in front."
        )
    }
}
#endif
