// TourStep.swift: demo section 2: every method over connect, twirp, plain, grpc and grpc-web, binary and JSON, with the async form.
import ProtoHTTP
import ProtoHTTPCore
import ProtoHTTPDemoService

/// Calls CreateNote, GetNote, ListNotes and DeleteNote through the generated client for each
/// protocol and encoding, one line per call, checking each answer against the request.
enum TourStep {
    static func run(_ demo: DemoContext) async {
        let out = demo.out
        out.section(2, "Every method, every protocol, both encodings", [
            "The generated Notes_NotesClient, async form; `CallOptions(encoding: .json)` switches the body to proto3 JSON:",
        ])
        out.code([
            "let notes = Notes_NotesClient(manager: manager)   // manager.configuration.wireProtocol = .connect",
            "let note = try await notes.createNote(request, options: CallOptions(encoding: .json))",
        ])
        out.line()
        DemoWire.allCases.forEach { out.line($0.legend) }
        out.line("(plain/json posts JSON to the Connect path, and the server answers it as Connect JSON: there the two look alike)")
        out.line()
        await seed(demo)
        var fixtures = DemoFixtures.tour.makeIterator()
        for wire in DemoWire.allCases {
            for encoding in [BodyEncoding.binary, .json] {
                guard let request = fixtures.next() else { return }
                out.line()
                await tour(demo, wire: wire, encoding: encoding, request: request)
            }
        }
    }

    /// Stores the two seed notes over connect/binary.
    private static func seed(_ demo: DemoContext) async {
        let client = demo.clients.notes(.connect)
        demo.out.line("Two notes to start with; the tour lists the notes tagged \"demo\", so the diary stays out:")
        for request in DemoFixtures.seeds {
            do {
                let note = try await client.createNote(request)
                row(demo, "connect/binary", "CreateNote", DemoFormat.note(note))
                demo.checks.expect(DemoFixtures.matches(note, request), "the stored note to match the request")
            } catch {
                demo.checks.fail("connect/binary CreateNote failed: \(error)")
            }
        }
    }

    private static func tour(_ demo: DemoContext, wire: DemoWire, encoding: BodyEncoding, request: Notes_CreateNoteRequest) async {
        let label = "\(wire.rawValue)/\(encoding)"
        let options = CallOptions(encoding: encoding)
        let client = demo.clients.notes(wire)
        let checks = demo.checks
        do {
            let created = try await client.createNote(request, options: options)
            row(demo, label, "CreateNote", DemoFormat.note(created))
            checks.expect(DemoFixtures.matches(created, request), "\(label): the created note to match the request")

            let fetched = try await client.getNote(Notes_GetNoteRequest(id: created.id), options: options)
            row(demo, label, "GetNote", DemoFormat.note(fetched))
            checks.expect(fetched == created, "\(label): GetNote to return the note CreateNote stored")

            let listed = try await client.listNotes(Notes_ListNotesRequest(tag: "demo"), options: options)
            row(demo, label, "ListNotes", "tag \"demo\" → " + DemoFormat.list(listed))
            checks.expect(listed.notes.map(\.id) == ["n1", created.id], "\(label): ListNotes(tag: demo) to be [n1, \(created.id)]")
            checks.expect(listed.tagCounts["demo"] == 2, "\(label): tagCounts[demo] == 2")

            let deleted = try await client.deleteNote(Notes_DeleteNoteRequest(id: created.id), options: options)
            row(demo, label, "DeleteNote", DemoFormat.deleted(deleted))
            checks.expect(deleted.deleted == created && deleted.remaining == 2, "\(label): DeleteNote to remove \(created.id) and leave 2 notes")
        } catch {
            checks.fail("\(label): \(DemoFormat.error(error))")
        }
    }

    private static func row(_ demo: DemoContext, _ label: String, _ method: String, _ result: String) {
        demo.out.line(DemoOutput.pad(label, 16) + DemoOutput.pad(method, 11) + "→ " + result)
    }
}
