// CallTLSTests.swift: `protohttp call` over HTTPS against protohttp-demo serve with a test CA: --cacert verifies, -k skips, an untrusted server exits 2.
import Foundation
import ProtoHTTPTestSupport
import Testing

@Suite("protohttp call over HTTPS", .serialized)
struct CallTLSTests {
    @Test("--cacert with the CA that signed the server's certificate: the call succeeds; -k succeeds without it")
    func trustedAndInsecure() async throws {
        let certificates = try await offPool { try TestCertificates.make() }
        defer { certificates.remove() }
        let server = try await RunningServer.serveDemo(tls: certificates)
        defer { server.stop() }
        let url = server.baseURL + "/notes.Notes/"
        #expect(url.hasPrefix("https://127.0.0.1:"))
        let created = try await CLI.run(["call", url + "CreateNote", "--proto", CLI.notesProto, "--cacert", certificates.caPath,
                                         "-d", #"{"title": "over TLS"}"#])
        #expect(created.status == 0, "\(created.stderr)")
        #expect(created.stdout.contains("\"title\": \"over TLS\""), "\(created.stdout)")
        for flag in ["-k", "--insecure"] {
            let listed = try await CLI.run(["call", url + "ListNotes", "--proto", CLI.notesProto, "--protocol", "twirp", flag])
            #expect(listed.status == 0, "\(flag): \(listed.stderr)")
            #expect(listed.stdout.contains("\"title\": \"over TLS\""), "\(flag): \(listed.stdout)")
        }
    }

    @Test("a server the system's CAs or the given CA do not vouch for: exit 2 naming the certificate problem, nothing on stdout")
    func untrusted() async throws {
        let certificates = try await offPool { try TestCertificates.make() }
        defer { certificates.remove() }
        let server = try await RunningServer.serveDemo(tls: certificates)
        defer { server.stop() }
        let url = server.baseURL + "/notes.Notes/ListNotes"
        for extra in [[], ["--cacert", certificates.otherCAPath]] {
            let refused = try await CLI.run(["call", url, "--proto", CLI.notesProto] + extra)
            #expect(refused.status == 2, "\(extra): \(refused.stderr)")
            #expect(refused.stdout.isEmpty)
            #expect(refused.stderr.hasPrefix("protohttp: "), "\(extra): \(refused.stderr)")
            #expect(refused.stderr.lowercased().contains("certificate"), "\(extra): \(refused.stderr)")
            let hint = extra.isEmpty ? "Pass --cacert FILE with the CA that signed the server's certificate"
                                     : "Check that --cacert \(certificates.otherCAPath) holds the CA that signed the server's certificate"
            #expect(refused.stderr.contains(hint), "\(extra): \(refused.stderr)")
        }
    }

    @Test("--cacert naming no readable file is a usage error (64) that names the path")
    func missingCAFile() async throws {
        let missing = "/nonexistent/protohttp-cli-test/ca.pem"
        let result = try await CLI.run(["call", "https://127.0.0.1:1/notes.Notes/ListNotes", "--proto", CLI.notesProto, "--cacert", missing])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--cacert \(missing): no readable file there"), "\(result.stderr)")
    }
}
