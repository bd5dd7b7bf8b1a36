// ServerTLS.swift: the PEM files a TLS server presents: its certificate chain and private key.

/// The certificate and key of a server that serves HTTPS (``ServerConfiguration/tls``).
///
/// Both are PEM files, as `openssl` and most certificate authorities write them:
///
/// ```
/// certificateChainPath   -----BEGIN CERTIFICATE----- (the server's own certificate)
///                        -----BEGIN CERTIFICATE----- (intermediates, if any, in order)
/// privateKeyPath         -----BEGIN PRIVATE KEY----- (PKCS#8; "RSA PRIVATE KEY" and "EC PRIVATE KEY" work too)
/// ```
///
/// The private key must not be encrypted. ``ProtoHTTPServer/start()`` reads both files and
/// checks that the key belongs to the first certificate.
public struct ServerTLS: Sendable, Hashable {
    /// The PEM file with the server certificate first, then any intermediate certificates.
    public var certificateChainPath: String
    /// The PEM file with the certificate's unencrypted private key.
    public var privateKeyPath: String

    /// TLS with the certificate chain at `certificateChainPath` and the key at `privateKeyPath`.
    public init(certificateChainPath: String, privateKeyPath: String) {
        self.certificateChainPath = certificateChainPath
        self.privateKeyPath = privateKeyPath
    }
}
