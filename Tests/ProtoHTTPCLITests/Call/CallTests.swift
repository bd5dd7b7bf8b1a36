// CallTests.swift: `protohttp call` against protohttp-demo serve and the Python connectrpc and twirp peers, both encodings, RPC errors (status 1), dead ports (status 2), usage errors.
import Foundation
import ProtoHTTPTestSupport
import Testing

@Suite("protohttp call", .serialized)
struct CallTests {
    @Test("protohttp-demo serve: create then get a note over Connect, Twirp and plain, binary and JSON; the output is indented canonical JSON")
    func serveDemo() async throws {
        let server = try await RunningServer.serveDemo()
        defer { server.stop() }
        let url = server.baseURL + "/notes.Notes/"
        let created = try await CLI.run(["call", url + "CreateNote", "--proto", CLI.notesProto,
                                         "-d", #"{"title": "Hello", "tags": ["cli"], "labels": {"k": "v"}, "text": "from the CLI", "priority": "PRIORITY_HIGH"}"#])
        #expect(created.status == 0, "\(created.stderr)")
        #expect(created.stdout.hasPrefix("{\n  \"id\": \"n1\",\n  \"title\": \"Hello\",\n  \"tags\": [\n    \"cli\"\n  ],\n  \"labels\": {\n    \"k\": \"v\"\n  },\n  \"text\": \"from the CLI\",\n  \"priority\": \"PRIORITY_HIGH\",\n  \"createdAt\": \""), "\(created.stdout)")
        #expect(created.stdout.hasSuffix("\"\n}\n"), "\(created.stdout)")
        for (protocolName, encoding) in [("connect", "--binary"), ("connect", "--json"), ("twirp", "--binary"), ("twirp", "--json"),
                                         ("plain", "--binary"), ("plain", "--json")] {
            let got = try await CLI.run(["call", url + "GetNote", "--proto", CLI.notesProto, "--protocol", protocolName, encoding, "-d", #"{"id": "n1"}"#])
            #expect(got.status == 0, "\(protocolName) \(encoding): \(got.stderr)")
            #expect(got.stdout.contains("\n  \"title\": \"Hello\",\n"), "\(protocolName) \(encoding): \(got.stdout)")
        }
        // Twirp: /twirp given in the URL is taken as the prefix, not doubled.
        let twirp = try await CLI.run(["call", server.baseURL + "/twirp/notes.Notes/ListNotes", "--proto", CLI.notesProto, "--protocol", "twirp", "-d", #"{"tag": "cli"}"#])
        #expect(twirp.status == 0 && twirp.stdout.contains("\"tagCounts\": {\n    \"cli\": 1\n  }"), "\(twirp.stderr) \(twirp.stdout)")
        // Connect GET, request from standard input.
        let viaGet = try await CLI.run(["call", url + "GetNote", "--proto", CLI.notesProto, "--get", "-d", "@-"], input: Array(#"{"id": "n1"}"#.utf8))
        #expect(viaGet.status == 0 && viaGet.stdout.contains("\"title\": \"Hello\""), "\(viaGet.stderr)")
        // An empty response message prints {}.
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let request = try folder.write("get.json", #"{"id": "n1"}"#)
        let fromFile = try await CLI.run(["call", url + "GetNote", "--proto", CLI.notesProto, "--json", "-d", "@" + request])
        #expect(fromFile.status == 0 && fromFile.stdout.contains("\"id\": \"n1\""), "\(fromFile.stderr)")
    }

    @Test("protohttp-demo serve: an RPC error is `code: message` on stderr with its detail decoded (Connect) or its meta (Twirp), status 1")
    func rpcErrors() async throws {
        let server = try await RunningServer.serveDemo()
        defer { server.stop() }
        for encoding in ["--binary", "--json"] {
            let missing = try await CLI.run(["call", server.baseURL + "/notes.Notes/GetNote", "--proto", CLI.notesProto, encoding, "-d", #"{"id": "n404"}"#])
            #expect(missing.status == 1)
            #expect(missing.stdout.isEmpty)
            #expect(missing.stderr == """
            not_found: no note has the id "n404"; ListNotes shows the ids there are.
            detail notes.GetNoteRequest: {"id":"n404"}

            """, "\(encoding)")
        }
        let twirp = try await CLI.run(["call", server.baseURL + "/notes.Notes/GetNote", "--proto", CLI.notesProto, "--protocol", "twirp", "-d", #"{"id": "n404"}"#])
        #expect(twirp.status == 1)
        #expect(twirp.stderr == "not_found: no note has the id \"n404\"; ListNotes shows the ids there are.\nmeta id: n404\n", "\(twirp.stderr)")
        let invalid = try await CLI.run(["call", server.baseURL + "/notes.Notes/CreateNote", "--proto", CLI.notesProto, "-d", "{}"])
        #expect(invalid.status == 1)
        #expect(invalid.stderr.hasPrefix("invalid_argument: a note needs a title"), "\(invalid.stderr)")
    }

    @Test("the Python connectrpc and twirp peers: both encodings, an error with a detail the schema knows, Connect GET", arguments: ["connect", "twirp"])
    func pythonPeers(_ protocolName: String) async throws {
        let peer = try await RunningServer.pythonPeer(protocolName)
        defer { peer.stop() }
        let url = peer.baseURL + "/protohttp.rpctest.PingService/"
        for encoding in ["--binary", "--json"] {
            let reply = try await CLI.run(["call", url + "Ping", "--proto", CLI.rpcTestProto, "--protocol", protocolName, encoding,
                                           "-d", #"{"text": "hello", "number": 41}"#])
            #expect(reply.status == 0, "\(encoding): \(reply.stderr)")
            #expect(reply.stdout == "{\n  \"text\": \"hello\",\n  \"number\": 42\n}\n", "\(encoding)")
            let headers = try await CLI.run(["call", url + "Ping", "--proto", CLI.rpcTestProto, "--protocol", protocolName, encoding,
                                             "-H", "X-Test-Value: from -H", "-d", #"{"text": "headers"}"#])
            #expect(headers.stdout == "{\n  \"text\": \"from -H\",\n  \"number\": 1\n}\n", "\(headers.stderr)")
        }
        let failed = try await CLI.run(["call", url + "Ping", "--proto", CLI.rpcTestProto, "--protocol", protocolName, "-d", #"{"text": "fail:permission_denied"}"#])
        #expect(failed.status == 1)
        #expect(failed.stderr == (protocolName == "connect"
            ? "permission_denied: asked to fail\ndetail protohttp.rpctest.PingResponse: {\"text\":\"detail\"}\n"
            : "permission_denied: asked to fail\nmeta reason: asked\n"), "\(failed.stderr)")
        if protocolName == "connect" {
            // The same method under a schema that lacks the detail's type: named, with its size.
            let folder = try TemporaryFolder()
            defer { folder.remove() }
            let other = try folder.write("other.proto", """
            syntax = "proto3";
            package protohttp.rpctest;
            message Req { string text = 1; }
            message Resp { string text = 1; int32 number = 2; }
            service PingService { rpc Ping(Req) returns (Resp); }
            """)
            let unknownDetail = try await CLI.run(["call", url + "Ping", "--proto", other, "-d", #"{"text": "fail:aborted"}"#])
            #expect(unknownDetail.status == 1)
            #expect(unknownDetail.stderr == "aborted: asked to fail\ndetail protohttp.rpctest.PingResponse: 8 bytes (not in the schema)\n", "\(unknownDetail.stderr)")
            let viaGet = try await CLI.run(["call", url + "Lookup", "--proto", CLI.rpcTestProto, "--get", "-d", #"{"text": "find"}"#])
            #expect(viaGet.stdout == "{\n  \"text\": \"find via GET\",\n  \"number\": 1\n}\n", "\(viaGet.stderr)")
        }
        let slow = try await CLI.run(["call", url + "Ping", "--proto", CLI.rpcTestProto, "--protocol", protocolName, "--timeout", "0.3", "-d", #"{"text": "sleep:3000"}"#])
        #expect(slow.status == 2)
        #expect(slow.stderr.hasPrefix("protohttp: deadline_exceeded: "), "\(slow.stderr)")
    }

    @Test("a dead port exits 2 with the transport's error; request JSON that does not fit the input type exits 64 naming the field")
    func deadPortAndBadJSON() async throws {
        let port = try await offPool { try closedLoopbackPort() }
        let dead = try await CLI.run(["call", "http://127.0.0.1:\(port)/notes.Notes/GetNote", "--proto", CLI.notesProto, "-d", #"{"id": "n1"}"#])
        #expect(dead.status == 2)
        #expect(dead.stderr.hasPrefix("protohttp: unavailable: "), "\(dead.stderr)")
        #expect(dead.stdout.isEmpty)
        for encoding in ["--binary", "--json"] {
            let json = try await CLI.run(["call", "http://127.0.0.1:\(port)/notes.Notes/GetNote", "--proto", CLI.notesProto, encoding, "-d", #"{"idd": "n1"}"#])
            #expect(json.status == 64 && json.stderr.contains("idd"), "bad request JSON should name the field: \(json.stderr)")
        }
    }
}
