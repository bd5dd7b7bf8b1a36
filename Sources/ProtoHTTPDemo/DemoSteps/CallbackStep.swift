// CallbackStep.swift: demo section 3: the callback form, completion then success or failure, in the order they fire.
import ProtoHTTP
import ProtoHTTPDemoService

/// Three calls with `completion:`, `success:` and `failure:` closures: one that succeeds, one
/// for a missing note (`not_found`) and one with an empty title (`invalid_argument`).
enum CallbackStep {
    static func run(_ demo: DemoContext) async {
        let out = demo.out
        out.section(3, "The callback form: completion, then success or failure", [
            "completion runs once the request is handed to the transport; then exactly one of success or",
            "failure, all on the manager's callback queue (here connect/binary):",
        ])
        out.code([
            "notes.createNote(request,",
            "                 completion: { print(\"handed to the transport\") },",
            "                 success: { note, metadata in print(note.id, metadata.status) },",
            "                 failure: { error in print(error.code, error.message) })",
        ])
        let client = demo.clients.notes(.connect)

        let plumber = DemoFixtures.create("Call the plumber", tags: ["home"], text: "The kitchen tap drips", priority: .high)
        let created = await observe(demo, "createNote(title: \"Call the plumber\")", expecting: "success") { recorder in
            client.createNote(plumber, completion: recorder.completion,
                              success: { note, metadata in recorder.success("\(DemoFormat.note(note))  (HTTP \(metadata.status), \(metadata.contentType ?? "no Content-Type"))") },
                              failure: recorder.failure)
        }
        demo.checks.expect(created.last?.detail.contains("\"Call the plumber\"") ?? false, "success to carry the new note")

        let missing = await observe(demo, "getNote(id: \"n404\")", expecting: "failure") { recorder in
            client.getNote(Notes_GetNoteRequest(id: "n404"), completion: recorder.completion,
                           success: { note, _ in recorder.success(DemoFormat.note(note)) }, failure: recorder.failure)
        }
        demo.checks.expect(missing.last?.detail.hasPrefix("not_found, HTTP 404") ?? false, "GetNote(n404) to fail with not_found, HTTP 404")

        let untitled = await observe(demo, "createNote(title: \"\")", expecting: "failure") { recorder in
            client.createNote(DemoFixtures.create(""), completion: recorder.completion,
                              success: { note, _ in recorder.success(DemoFormat.note(note)) }, failure: recorder.failure)
        }
        demo.checks.expect(untitled.last?.detail.hasPrefix("invalid_argument, HTTP 400") ?? false, "an empty title to fail with invalid_argument, HTTP 400")
    }

    /// Starts a call with a recorder, waits for success or failure, prints the callbacks in the
    /// order they ran and checks it was `completion` then `expected`.
    private static func observe(_ demo: DemoContext, _ title: String, expecting expected: String,
                                _ start: @escaping @Sendable (CallbackRecorder) -> Void) async -> [CallbackRecorder.Event] {
        let events = await withCheckedContinuation { continuation in
            start(CallbackRecorder { continuation.resume(returning: $0) })
        }
        demo.out.line()
        demo.out.line(title)
        for (index, event) in events.enumerated() {
            demo.out.line("  \(index + 1). " + DemoOutput.pad(event.name, 12) + event.detail)
        }
        demo.checks.expect(events.map(\.name) == ["completion", expected], "completion, then \(expected)")
        return events
    }
}
