// CallGRPCTests.swift: `protohttp call --protocol grpc|grpcweb` against protohttp-demo serve and grpcio (mutual TLS), -v, and --proto under -I.
import Foundation
import ProtoHTTPTestSupport
import Testing

@Suite("protohttp call over gRPC and gRPC-Web", .serialized)
struct CallGRPCTests {
    @Test("protohttp-demo serve: create and get over gRPC (h2c) and gRPC-Web, binary and JSON; an error is `code: message` with its detail, status 1")
    func serveDemo() async throws {
        let server = try await RunningServer.serveDemo()
        defer { server.stop() }
        let url = server.baseURL + "/notes.Notes/"
        let created = try await CLI.run(["call", url + "CreateNote", "--proto", CLI.notesProto, "--protocol", "grpc", "-d", #"{"title": "over gRPC"}"#])
        #expect(created.status == 0, "\(created.stderr)")
        #expect(created.stdout.hasPrefix("{\n  \"id\": \"n1\",\n  \"title\": \"over gRPC\","), "\(created.stdout)")
        for protocolName in ["grpc", "grpcweb"] {
            for encoding in ["--binary", "--json"] {
                let got = try await CLI.run(["call", url + "GetNote", "--proto", CLI.notesProto, "--protocol", protocolName, encoding, "-d", #"{"id": "n1"}"#])
                #expect(got.status == 0, "\(protocolName) \(encoding): \(got.stderr)")
                #expect(got.stdout.contains("\n  \"title\": \"over gRPC\",\n"), "\(protocolName) \(encoding): \(got.stdout)")
            }
            let missing = try await CLI.run(["call", url + "GetNote", "--proto", CLI.notesProto, "--protocol", protocolName, "-d", #"{"id": "n404"}"#])
            #expect(missing.status == 1, "\(protocolName): \(missing.stderr)")
            #expect(missing.stdout.isEmpty)
            #expect(missing.stderr == "not_found: no note has the id \"n404\"; ListNotes shows the ids there are.\ndetail notes.GetNoteRequest: {\"id\":\"n404\"}\n",
                    "\(protocolName): \(missing.stderr)")
        }
    }

    @Test("-v prints the request's and response's headers, and gRPC's trailers, on stderr; gRPC-Web goes over HTTP/2 with --http2-prior-knowledge")
    func verbose() async throws {
        let server = try await RunningServer.serveDemo()
        defer { server.stop() }
        let url = server.baseURL + "/notes.Notes/ListNotes"
        let grpc = try await CLI.run(["call", url, "--proto", CLI.notesProto, "--protocol", "grpc", "-v"])
        #expect(grpc.status == 0, "\(grpc.stderr)")
        let lines = grpc.stderr.split(separator: "\n").map(String.init)
        #expect(lines.first == "> POST \(url)", "\(grpc.stderr)")
        for expected in ["> te: trailers", "> content-type: application/grpc", "< HTTP 200 (HTTP/2)", "< content-type: application/grpc",
                         "< (trailer) grpc-status: 0"] {
            #expect(lines.contains(expected), "missing \(expected): \(grpc.stderr)")
        }
        let web = try await CLI.run(["call", url, "--proto", CLI.notesProto, "--protocol", "grpcweb", "--http2-prior-knowledge", "-v"])
        #expect(web.status == 0, "\(web.stderr)")
        #expect(web.stderr.contains("< HTTP 200 (HTTP/2)\n< content-type: application/grpc-web+proto\n"), "\(web.stderr)")
        let plain = try await CLI.run(["call", url, "--proto", CLI.notesProto, "--protocol", "grpcweb", "-v"])
        #expect(plain.stderr.contains("< HTTP 200 (HTTP/1.1)\n"), "\(plain.stderr)")
    }

    @Test("--proto is found under -I, as protoc and grpcurl find it; a file in neither place is a usage error naming both")
    func protoUnderImportPath() async throws {
        let server = try await RunningServer.serveDemo()
        defer { server.stop() }
        let url = server.baseURL + "/notes.Notes/ListNotes"
        let found = try await CLI.run(["call", url, "--proto", "notes.proto", "-I", PackageRoot.path("Protos/demo")])
        #expect(found.status == 0, "\(found.stderr)")
        let lost = try await CLI.run(["call", url, "--proto", "ledger.proto", "-I", PackageRoot.path("Protos/demo")])
        #expect(lost.status == 64)
        #expect(lost.stderr.contains("cannot read the .proto file ledger.proto: no such file (nor under -I \(PackageRoot.path("Protos/demo"))).") == true, "\(lost.stderr)")
    }

    @Test("grpcio over TLS that requires a client certificate: --cert/--key with --cacert succeed; without them the handshake fails, status 2")
    func mutualTLS() async throws {
        let certificates = try await offPool { try TestCertificates.make() }
        defer { certificates.remove() }
        let peer = try await RunningServer.pythonPeer("grpc-mtls", extra: [certificates.certificatePath, certificates.keyPath, certificates.caPath])
        defer { peer.stop() }
        let url = peer.baseURL + "/protohttp.rpctest.PingService/Ping"
        #expect(url.hasPrefix("https://127.0.0.1:"))
        let base = ["call", url, "--proto", CLI.rpcTestProto, "--protocol", "grpc", "--cacert", certificates.caPath, "-d", #"{"text": "hi", "number": 1}"#]
        let answered = try await CLI.run(base + ["--cert", certificates.clientCertificatePath, "--key", certificates.clientKeyPath])
        #expect(answered.status == 0, "\(answered.stderr)")
        #expect(answered.stdout == "{\n  \"text\": \"hi\",\n  \"number\": 2\n}\n", "\(answered.stdout)")
        let refused = try await CLI.run(base)
        #expect(refused.status == 2, "\(refused.stderr)")
        #expect(refused.stdout.isEmpty)
        let keyless = try await CLI.run(base + ["--key", certificates.clientKeyPath])
        #expect(keyless.status == 64 && keyless.stderr.contains("--key goes with --cert"), "\(keyless.stderr)")
    }
}
