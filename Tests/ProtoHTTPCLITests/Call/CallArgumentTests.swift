// CallArgumentTests.swift: `protohttp call` arguments that fail before any request: malformed URLs (status 2), unknown services and methods, --get, headers, -d files, --timeout (status 64).
import Foundation
import ProtoHTTPTestSupport
import Testing

@Suite("protohttp call: arguments")
struct CallArgumentTests {
    @Test("a malformed URL exits 2; an unknown service or method, --get on a method with side effects and bad arguments exit 64, naming what there is")
    func argumentErrors() async throws {
        let port = try await offPool { try closedLoopbackPort() }

        let malformed = try await CLI.run(["call", "127.0.0.1:8080/notes.Notes/GetNote", "--proto", CLI.notesProto])
        #expect(malformed.status == 2 && malformed.stderr.contains("bad URL \"127.0.0.1:8080/notes.Notes/GetNote\": it has no scheme"), "\(malformed.stderr)")
        let noMethod = try await CLI.run(["call", "http://127.0.0.1:8080/", "--proto", CLI.notesProto])
        #expect(noMethod.status == 2 && noMethod.stderr.contains("its path does not end in /pkg.Service/Method"), "\(noMethod.stderr)")

        let service = try await CLI.run(["call", "http://127.0.0.1:\(port)/notes.Nope/GetNote", "--proto", CLI.notesProto])
        #expect(service.status == 64 && service.stderr.contains("the schema has no service notes.Nope; its services are: notes.Notes"), "\(service.stderr)")
        let method = try await CLI.run(["call", "http://127.0.0.1:\(port)/notes.Notes/Get", "--proto", CLI.notesProto])
        #expect(method.status == 64 && method.stderr.contains("the service notes.Notes has no method Get; its methods are: CreateNote, GetNote, ListNotes, DeleteNote."), "\(method.stderr)")
        let get = try await CLI.run(["call", "http://127.0.0.1:\(port)/notes.Notes/CreateNote", "--proto", CLI.notesProto, "--get"])
        #expect(get.status == 64 && get.stderr.contains("--get needs a method marked option idempotency_level = NO_SIDE_EFFECTS"), "\(get.stderr)")
        let twirpGet = try await CLI.run(["call", "http://127.0.0.1:\(port)/notes.Notes/GetNote", "--proto", CLI.notesProto, "--get", "--protocol", "twirp"])
        #expect(twirpGet.status == 64 && twirpGet.stderr.contains("--get is Connect's GET"), "\(twirpGet.stderr)")
        let header = try await CLI.run(["call", "http://127.0.0.1:\(port)/notes.Notes/GetNote", "--proto", CLI.notesProto, "-H", "NoColon"])
        #expect(header.status == 64 && header.stderr.contains("the header \"NoColon\" has no colon; write -H 'Name: value'."), "\(header.stderr)")
        let badName = try await CLI.run(["call", "http://127.0.0.1:\(port)/notes.Notes/GetNote", "--proto", CLI.notesProto, "-H", "X-Ok: 1", "-H", "bad name: x"])
        #expect(badName.status == 64 && badName.stderr.contains("the header name \"bad name\" is not a valid HTTP header name"), "\(badName.stderr)")
        #expect(!badName.stderr.contains("Fatal error") && badName.stdout.isEmpty, "refused before any request, no crash")
        let file = try await CLI.run(["call", "http://127.0.0.1:\(port)/notes.Notes/GetNote", "--proto", CLI.notesProto, "-d", "@/nonexistent/req.json"])
        #expect(file.status == 64 && file.stderr.contains("cannot read the request file /nonexistent/req.json"), "\(file.stderr)")
        let timeout = try await CLI.run(["call", "http://127.0.0.1:\(port)/notes.Notes/GetNote", "--proto", CLI.notesProto, "--timeout", "0"])
        #expect(timeout.status == 64 && timeout.stderr.contains("--timeout takes a positive number of seconds"), "\(timeout.stderr)")
    }
}
