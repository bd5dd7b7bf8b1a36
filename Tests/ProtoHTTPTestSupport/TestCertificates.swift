// TestCertificates.swift: a throwaway CA, a server certificate for 127.0.0.1 and localhost, and a client certificate, made with the openssl CLI.
import Foundation

/// A test CA, a server certificate it signed (SAN `IP:127.0.0.1`, `DNS:localhost`, P-256 key),
/// a client certificate it signed (for mutual TLS), and a second CA that signed nothing of ours, all made by `openssl` in a temporary folder
/// that ``remove()`` deletes. ``pin`` is the server key's pin in curl's form, computed by openssl.
public struct TestCertificates: Sendable {
    /// The temporary folder holding every file below.
    public let folder: String

    /// The CA that signed the server certificate (PEM).
    public var caPath: String { folder + "/ca.pem" }
    /// A CA that did not sign the server certificate (PEM).
    public var otherCAPath: String { folder + "/other-ca.pem" }
    /// The server certificate (PEM).
    public var certificatePath: String { folder + "/server.pem" }
    /// The server certificate's private key (PEM, PKCS#8, unencrypted).
    public var keyPath: String { folder + "/server-key.pem" }
    /// A client certificate the CA signed (`extendedKeyUsage = clientAuth`, PEM).
    public var clientCertificatePath: String { folder + "/client.pem" }
    /// The client certificate's private key (PEM, PKCS#8, unencrypted).
    public var clientKeyPath: String { folder + "/client-key.pem" }
    /// The CA's private key (PEM): a real key that does not belong to the server certificate.
    public var caKeyPath: String { folder + "/ca-key.pem" }
    /// `sha256//<base64 of the SHA-256 of the server key's SubjectPublicKeyInfo>`.
    public let pin: String

    /// Makes everything; throws with openssl's own message if a step fails.
    public static func make() throws -> TestCertificates {
        let folder = try requireFolder()
        func openssl(_ arguments: [String]) throws -> ChildProcess.Completed {
            guard let done = try ChildProcess.run("openssl", arguments, timeout: .seconds(20)) else {
                throw ChildProcess.Failure("openssl \(arguments.first ?? "") did not finish within 20 s")
            }
            guard done.exit.succeeded else {
                throw ChildProcess.Failure("openssl \(arguments.joined(separator: " ")) failed (\(done.exit)): \(done.stderr)")
            }
            return done
        }
        let ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
        for (name, subject) in [("ca", "/CN=ProtoHTTP Test CA"), ("other-ca", "/CN=Someone Else's CA")] {
            _ = try openssl(["req", "-x509"] + ec + [
                "-keyout", "\(folder)/\(name)-key.pem", "-out", "\(folder)/\(name).pem", "-days", "2", "-subj", subject,
                "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign",
            ])
        }
        _ = try openssl(["req"] + ec + ["-keyout", "\(folder)/server-key.pem", "-out", "\(folder)/server.csr", "-subj", "/CN=localhost"])
        let extensions = """
        subjectAltName = IP:127.0.0.1, DNS:localhost
        basicConstraints = critical, CA:FALSE
        keyUsage = critical, digitalSignature
        extendedKeyUsage = serverAuth

        """
        try extensions.write(toFile: "\(folder)/server.ext", atomically: true, encoding: .utf8)
        _ = try openssl([
            "x509", "-req", "-in", "\(folder)/server.csr", "-CA", "\(folder)/ca.pem", "-CAkey", "\(folder)/ca-key.pem",
            "-CAcreateserial", "-out", "\(folder)/server.pem", "-days", "2", "-extfile", "\(folder)/server.ext",
        ])
        _ = try openssl(["req"] + ec + ["-keyout", "\(folder)/client-key.pem", "-out", "\(folder)/client.csr", "-subj", "/CN=protohttp test client"])
        try "basicConstraints = critical, CA:FALSE\nkeyUsage = critical, digitalSignature\nextendedKeyUsage = clientAuth\n"
            .write(toFile: "\(folder)/client.ext", atomically: true, encoding: .utf8)
        _ = try openssl([
            "x509", "-req", "-in", "\(folder)/client.csr", "-CA", "\(folder)/ca.pem", "-CAkey", "\(folder)/ca-key.pem",
            "-CAcreateserial", "-out", "\(folder)/client.pem", "-days", "2", "-extfile", "\(folder)/client.ext",
        ])
        _ = try openssl(["pkey", "-in", "\(folder)/server-key.pem", "-pubout", "-outform", "DER", "-out", "\(folder)/server-pub.der"])
        let digest = try openssl(["dgst", "-sha256", "-binary", "\(folder)/server-pub.der"])
        guard digest.stdoutBytes.count == 32 else { throw ChildProcess.Failure("openssl dgst gave \(digest.stdoutBytes.count) bytes, not 32") }
        return TestCertificates(folder: folder, pin: "sha256//" + Data(digest.stdoutBytes).base64EncodedString())
    }

    /// Deletes the folder and everything in it.
    public func remove() {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Writes `text` to a new file in the folder and returns its path (for bad-input tests).
    public func write(_ text: String, named name: String) throws -> String {
        let path = folder + "/" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}

/// A fresh temporary folder.
private func requireFolder() throws -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("protohttp-tls-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url.path
}
