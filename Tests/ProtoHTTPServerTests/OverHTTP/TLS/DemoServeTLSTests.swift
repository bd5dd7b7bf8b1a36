// DemoServeTLSTests.swift: `protohttp-demo serve --tls-cert --tls-key` serves HTTPS over h2; a bad path fails at start, named.
import Foundation
import ProtoHTTPTestSupport
import Testing

extension ServerTests {
    @Suite("protohttp-demo serve with TLS")
    struct DemoServeTLSTests {
        @Test("protohttp-demo serve --tls-cert --tls-key: the banner shows https, curl gets HTTP/2, SIGINT stops it with status 0")
        func servesHTTPS() async throws {
            let cli = try #require(ServerOnlyTests.builtExecutable("protohttp-demo"), "protohttp-demo is not built next to the tests; run swift build first")
            let certificates = try TestCertificates.make()
            defer { certificates.remove() }
            let process = try ChildProcess(cli, ["serve", "--port", "0", "--tls-cert", certificates.certificatePath,
                                                 "--tls-key", certificates.keyPath], output: .pipe, error: .null)
            defer { process.stop() }
            let banner = try await offPool { try process.readLine(timeout: .seconds(30)) }
            let line = try #require(banner, "protohttp-demo serve printed nothing")
            let url = try #require(line.split(separator: " ").first { $0.hasPrefix("https://127.0.0.1:") }, "no https URL in \(line)")
            let base = url.trimmingCharacters(in: CharacterSet(charactersIn: ";"))

            let created = try await Curl.run(["--cacert", certificates.caPath, "-H", "Content-Type: application/json",
                                              "-d", #"{"title": "from curl over TLS"}"#, base + "/notes.Notes/CreateNote"])
            #expect(created.exitStatus == 0 && created.status == 200, "\(created.stderr)")
            #expect(created.httpVersion == "2")
            #expect(created.body.contains(#""title":"from curl over TLS""#))

            process.signal(SIGINT)
            let exit = await offPool { process.wait(upTo: hangGuard) }
            #expect(exit?.succeeded == true, "protohttp-demo serve ended with \(String(describing: exit))")
        }

        @Test("protohttp-demo serve with a missing certificate fails at start naming the file; --tls-cert alone is a usage error")
        func badArguments() async throws {
            let cli = try #require(ServerOnlyTests.builtExecutable("protohttp-demo"), "protohttp-demo is not built next to the tests; run swift build first")
            let missing = "/nonexistent/protohttp-test/cert.pem"
            let failed = try await offPool {
                try ChildProcess.run(cli, ["serve", "--port", "0", "--tls-cert", missing, "--tls-key", missing], timeout: .seconds(30))
            }
            let outcome = try #require(failed)
            #expect(outcome.status != 0)
            #expect(outcome.stderr.contains("cannot read the TLS certificate chain \(missing) (tls.certificateChainPath): No such file or directory"),
                    "\(outcome.stderr)")

            let alone = try #require(try await offPool {
                try ChildProcess.run(cli, ["serve", "--port", "0", "--tls-cert", missing], timeout: .seconds(30))
            })
            #expect(alone.status == 64)
            #expect(alone.stderr.contains("--tls-cert and --tls-key go together"), "\(alone.stderr)")
        }
    }
}
