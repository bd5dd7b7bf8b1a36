// TLSServerTests.swift: HTTPS with ALPN: our client over h2 (CA and pinned key), HTTP/1.1 over TLS, curl, multiplexing, bad PEM files.
import ProtoHTTP
import ProtoHTTPDemo
import ProtoHTTPServer
import ProtoHTTPTestSupport
import ProtoWire
import Testing
import ProtoHTTPCore
import ProtoHTTPDemoService

extension ServerTests {
    @Suite("HTTPS: TLS with ALPN h2 and http/1.1")
    struct TLSServerTests {
        /// Runs `body` against a TLS server with fresh certificates; stops it and deletes them afterwards.
        static func withTLSServer<T>(
            _ adjust: @escaping (inout ServerConfiguration) -> Void = { _ in },
            _ body: (TestServer, TestCertificates) async throws -> T
        ) async throws -> T {
            let certificates = try TestCertificates.make()
            defer { certificates.remove() }
            return try await withServer({ configuration in
                configuration.tls = ServerTLS(certificateChainPath: certificates.certificatePath, privateKeyPath: certificates.keyPath)
                adjust(&configuration)
            }) { server in
                try await body(server, certificates)
            }
        }

        /// `https://<host>:<port>`.
        static func url(_ server: TestServer, host: String = "localhost") -> String { "https://\(host):\(server.port)" }

        /// A Connect `ListNotes` request over JSON.
        static func listNotes(_ base: String) -> TransportRequest {
            TransportRequest(url: base + "/notes.Notes/ListNotes", headers: [.contentType: "application/json"],
                             body: Array("{}".utf8))
        }

        @Test("our client trusting the test CA calls over h2 (ALPN), by IP and by name, Connect, Twirp, gRPC and gRPC-Web", arguments: ["127.0.0.1", "localhost"])
        func ourClientOverH2(_ host: String) async throws {
            try await Self.withTLSServer { server, certificates in
                let transport = try TestServer.transport {
                    $0.httpVersion = .http2
                    $0.tls.caBundlePath = certificates.caPath
                }
                defer { transport.shutdown() }
                let base = Self.url(server, host: host)
                for wireProtocol in ["connect", "twirp", "grpc", "grpc-web"] {
                    let client = Notes_NotesClient(manager: try server.manager(EndToEndTests.wireProtocol(wireProtocol), transport: transport, baseURL: base))
                    let created = try await client.createNote(EndToEndTests.groceries)
                    var get = Notes_GetNoteRequest()
                    get.id = created.id
                    #expect(try await client.getNote(get) == created)
                }
                let response = try await transport.send(Self.listNotes(base))
                #expect(response.status == 200)
                #expect(response.metrics.httpVersion == "2")
                #expect(String(decoding: response.body, as: UTF8.self).contains(#""title":"groceries""#))
            }
        }

        @Test("pinning the server key's sha256 succeeds; a wrong pin fails with a clear error")
        func pinnedKey() async throws {
            try await Self.withTLSServer { server, certificates in
                let pinned = try TestServer.transport {
                    $0.tls.caBundlePath = certificates.caPath
                    $0.tls.pinnedPublicKey = certificates.pin
                }
                defer { pinned.shutdown() }
                let response = try await pinned.send(Self.listNotes(Self.url(server)))
                #expect(response.status == 200 && response.metrics.httpVersion == "2")

                let wrong = try TestServer.transport {
                    $0.tls.caBundlePath = certificates.caPath
                    $0.tls.pinnedPublicKey = "sha256//AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA="
                }
                defer { wrong.shutdown() }
                let refused = await Result { () async throws(ProtoHTTPError) in try await wrong.send(Self.listNotes(Self.url(server))) }
                let error = try #require(refused.error)
                #expect(error.code == .unavailable)
                #expect(error.message.contains("does not match the pinned public key"), "\(error.message)")
            }
        }

        @Test("a client that trusts another CA, or only the system's, fails verification")
        func untrustedCA() async throws {
            try await Self.withTLSServer { server, certificates in
                for caBundle in [certificates.otherCAPath, nil] {
                    let transport = try TestServer.transport { $0.tls.caBundlePath = caBundle }
                    defer { transport.shutdown() }
                    let refused = await Result { () async throws(ProtoHTTPError) in try await transport.send(Self.listNotes(Self.url(server))) }
                    let error = try #require(refused.error, "CA bundle \(caBundle ?? "system") was trusted")
                    #expect(error.code == .unavailable)
                    #expect(error.message.contains("TLS handshake"), "\(error.message)")
                }
            }
        }

        @Test("HTTP/1.1 over TLS: an http/1.1-only client, curl --http1.1, and a server with http2 off")
        func http1OverTLS() async throws {
            try await Self.withTLSServer { server, certificates in
                let transport = try TestServer.transport {
                    $0.httpVersion = .http1_1
                    $0.tls.caBundlePath = certificates.caPath
                }
                defer { transport.shutdown() }
                let client = Notes_NotesClient(manager: try server.manager(.connect, transport: transport, baseURL: Self.url(server)))
                let created = try await client.createNote(EndToEndTests.groceries)
                #expect(created.id == "n1")
                let response = try await transport.send(Self.listNotes(Self.url(server)))
                #expect(response.status == 200 && response.metrics.httpVersion == "1.1")

                let curl = try await Curl.run(["--http1.1", "--cacert", certificates.caPath, "-H", "Content-Type: application/json",
                                               "-d", "{}", Self.url(server) + "/notes.Notes/ListNotes"])
                #expect(curl.exitStatus == 0 && curl.status == 200 && curl.httpVersion == "1.1", "\(curl.stderr)")
                #expect(curl.body.contains(#""id":"n1""#))
            }
            try await Self.withTLSServer({ $0.http2 = false }) { server, certificates in
                let transport = try TestServer.transport { $0.tls.caBundlePath = certificates.caPath }
                defer { transport.shutdown() }
                let response = try await transport.send(Self.listNotes(Self.url(server)))
                #expect(response.status == 200 && response.metrics.httpVersion == "1.1", "ALPN offered h2 with http2 off")
            }
        }

        @Test("curl over TLS negotiates h2 through ALPN, with the CA and the pinned key; cleartext on the TLS port is refused")
        func curlOverTLS() async throws {
            try await Self.withTLSServer { server, certificates in
                let url = Self.url(server) + "/notes.Notes/CreateNote"
                let json = ["-H", "Content-Type: application/json", "-d", #"{"title": "over TLS"}"#]
                let verified = try await Curl.run(["--cacert", certificates.caPath] + json + [url])
                #expect(verified.exitStatus == 0 && verified.status == 200, "\(verified.stderr)")
                #expect(verified.httpVersion == "2")
                #expect(verified.body.contains(#""title":"over TLS""#))
                let pinned = try await Curl.run(["--cacert", certificates.caPath, "--pinnedpubkey", certificates.pin] + json + [url])
                #expect(pinned.exitStatus == 0 && pinned.httpVersion == "2", "\(pinned.stderr)")
                let untrusted = try await Curl.run(json + [url])
                #expect(untrusted.exitStatus == 60, "curl trusted the test server without its CA: \(untrusted.stderr)")
                let cleartext = try await Curl.run(json + ["http://127.0.0.1:\(server.port)/notes.Notes/CreateNote"])
                #expect(cleartext.exitStatus != 0 && cleartext.status != 200, "cleartext HTTP was served on the TLS port")
                let again = try await Curl.run(["--cacert", certificates.caPath] + json + [url])
                #expect(again.status == 200 && again.httpVersion == "2", "the server stopped serving after a cleartext client")
            }
        }

        // The grace period is an hour: a shutdown that waited on the idle connection hits the
        // time limit.
        @Test("eight calls at once share one h2 connection; shutdown then closes the idle connection at once",
              .timeLimit(.minutes(hangGuardMinutes)))
        func multiplexed() async throws {
            try await Self.withTLSServer({ $0.shutdownGracePeriod = .seconds(3600) }) { server, certificates in
                let transport = try TestServer.transport { $0.tls.caBundlePath = certificates.caPath }
                defer { transport.shutdown() }
                let manager = try server.manager(.connect, transport: transport, baseURL: Self.url(server))
                // One call first, so the connection and its ALPN are settled before the burst.
                _ = try await manager.post("/test.Faults/Slow", Google_Protobuf_Int32Value.ms(1), as: Google_Protobuf_Empty.self)
                // Each call runs until the test releases them all: eight started before any
                // ended means they ran side by side.
                let results = await withTaskGroup(of: ProtoHTTPError?.self) { group in
                    for _ in 0..<8 {
                        group.addTask {
                            await Result { () async throws(ProtoHTTPError) in
                                try await manager.post("/test.Faults/Slow", Google_Protobuf_Int32Value.ms(-1), as: Google_Protobuf_Empty.self)
                            }.error
                        }
                    }
                    let together = await waitUntil { server.faults.events.filter { $0 == "slow started" }.count == 9 }
                    #expect(together, "the eight calls were not all running at once: \(server.faults.events)")
                    server.faults.release()
                    var errors: [ProtoHTTPError?] = []
                    for await error in group { errors.append(error) }
                    return errors
                }
                #expect(results.count == 8 && results.allSatisfy { $0 == nil }, "\(results)")
                #expect(server.faults.events.filter { $0 == "slow finished" }.count == 9)
                #expect(server.server.connectionCount == 1, "the calls used \(server.server.connectionCount) connections")

                await server.server.shutdown()
                #expect(server.server.connectionCount == 0)
            }
        }

        @Test("a connection that never finishes its TLS handshake is closed after idleTimeout")
        func stalledHandshake() async throws {
            try await Self.withTLSServer({ $0.idleTimeout = .milliseconds(300) }) { server, _ in
                let raw = try await RawConnection.open(port: server.port)
                try await raw.send([0x16, 0x03, 0x01])  // the first bytes of a ClientHello record, then silence
                let started = ContinuousClock.now
                #expect(await raw.closedByServer(within: hangGuard))
                #expect(ContinuousClock.now - started >= .milliseconds(250), "not before the idle timeout")
                #expect(await waitUntil { server.server.connectionCount == 0 })
            }
        }

        @Test("bad TLS files fail start() with invalid_argument, naming the file and the cause")
        func badFiles() async throws {
            let certificates = try TestCertificates.make()
            defer { certificates.remove() }
            let notPEM = try certificates.write("this is not a certificate\n", named: "not.pem")
            let encrypted = certificates.folder + "/encrypted-key.pem"
            let encryption = try await offPool {
                try ChildProcess.run("openssl", ["pkey", "-in", certificates.keyPath, "-aes256", "-passout", "pass:secret", "-out", encrypted],
                                     timeout: .seconds(20))
            }
            #expect(encryption?.exit.succeeded == true)
            let missing = certificates.folder + "/missing.pem"
            let cases: [(chain: String, key: String, expected: [String])] = [
                (missing, certificates.keyPath, ["cannot read the TLS certificate chain \(missing) (tls.certificateChainPath)", "No such file or directory"]),
                (notPEM, certificates.keyPath, ["the TLS certificate chain \(notPEM) (tls.certificateChainPath) is not a PEM certificate file"]),
                (certificates.folder, certificates.keyPath, ["cannot read the TLS certificate chain \(certificates.folder)", "Is a directory"]),
                (certificates.certificatePath, missing, ["cannot read the TLS private key \(missing) (tls.privateKeyPath)", "No such file or directory"]),
                (certificates.certificatePath, notPEM, ["the TLS private key \(notPEM) (tls.privateKeyPath) is not a PEM private key"]),
                (certificates.certificatePath, encrypted, ["the TLS private key \(encrypted) (tls.privateKeyPath) is encrypted"]),
                (certificates.certificatePath, certificates.caKeyPath, ["the private key \(certificates.caKeyPath) (tls.privateKeyPath) does not belong to the certificate in \(certificates.certificatePath)"]),
            ]
            for (chain, key, expected) in cases {
                var configuration = ServerConfiguration(accessLog: false, verbosity: .silent)
                configuration.tls = ServerTLS(certificateChainPath: chain, privateKeyPath: key)
                let server = try ProtoHTTPServer(configuration: configuration, services: [NotesStore().definition])
                let started = await Result { () async throws(ProtoHTTPError) in try await server.start() }
                let error = try #require(started.error, "started with chain \(chain) and key \(key)")
                #expect(error.code == .invalidArgument)
                for part in expected {
                    #expect(error.message.contains(part), "\(error.message)")
                }
                #expect(server.port == nil)
                await server.shutdown()
            }
        }
    }
}
