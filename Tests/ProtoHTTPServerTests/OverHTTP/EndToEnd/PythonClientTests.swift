// PythonClientTests.swift: independent peers against our server: Python connectrpc and twirp clients, and raw urllib requests.
import Testing

extension ServerTests {
    @Suite("Independent Python clients")
    struct PythonClientTests {
        /// The note every section of notes_client.py creates, as the script prints it (ids and times differ).
        static func note(_ number: Int) -> String {
            "n\(number) title='groceries' tags=home,errand labels=store=corner checklist=milk:open,eggs:done priority=PRIORITY_HIGH "
                + "created=2023-11-14T22:13:2\(number).123Z"
        }

        /// The same note as our server writes it in proto3 JSON.
        static func noteJSON(_ number: Int) -> String {
            #"{"id":"n\#(number)","title":"groceries","tags":["home","errand"],"labels":{"store":"corner"},"#
                + #""checklist":{"items":[{"text":"milk"},{"text":"eggs","done":true}]},"priority":"PRIORITY_HIGH","#
                + #""createdAt":"2023-11-14T22:13:2\#(number).123Z"}"#
        }

        static func connectSection(_ name: String, _ number: Int) -> [String] {
            [
                "\(name) create \(note(number))",
                "\(name) get \(note(number))",
                "\(name) GET get \(note(number))",
                "\(name) list n\(number) counts=errand:1,home:1",
                "\(name) GET list n\(number) counts=errand:1,home:1",
                "\(name) delete n\(number) remaining=0",
                "\(name) error not_found 'no note has id nope' details=notes.GetNoteRequest:nope",
                "\(name) GET error not_found 'no note has id nope' details=notes.GetNoteRequest:nope",
            ]
        }

        static var expected: [String] {
            connectSection("connect/binary", 1) + connectSection("connect/json", 2) + connectSection("connect/gzip", 3) + [
                "twirp/binary create \(note(4))",
                "twirp/binary get \(note(4))",
                "twirp/binary list n4 counts=errand:1,home:1",
                "twirp/binary delete n4 remaining=0",
                "twirp/binary error not_found 'no note has id nope' meta=[('id', 'nope')]",
                "twirp/json create 200 application/json \(noteJSON(5))",
                #"twirp/json delete 200 application/json {"deleted":\#(noteJSON(5))}"#,
                #"twirp/json error 404 application/json {"code":"not_found","msg":"no note has id nope","meta":{"id":"nope"}}"#,
                "plain/binary create 200 application/x-protobuf \(note(6)) canonical=True",
                "plain/binary delete 200 application/octet-stream remaining=0",
                #"plain/binary error 404 application/json {"code":"not_found","message":"no note has id nope","details":[{"type":"notes.GetNoteRequest","value":"CgRub3Bl"}]}"#,
            ]
        }

        @Test("connectrpc (binary, JSON, gzip), twirp's TwirpClient and urllib (Twirp JSON, plain) get exact answers")
        func pythonClients() async throws {
            try await withServer { server in
                let output = try await PythonClient.run("notes_client.py", [String(server.port)])
                #expect(output.status == 0, "notes_client.py failed:\n\(output.stderr)")
                let lines = output.lines
                for (index, line) in Self.expected.enumerated() {
                    #expect(index < lines.count && lines[index] == line, "line \(index + 1): \(index < lines.count ? lines[index] : "missing")")
                }
                #expect(lines.count == Self.expected.count, "\(output.stdout)")
                #expect(server.notes.count == 0)
            }
        }
    }
}
