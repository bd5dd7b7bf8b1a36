// RequestLayerStep.swift: demo section 7: the request layer: a batch, a chain, a retry and a Connect GET, each checked.
import Dispatch
import ProtoHTTP
import Synchronization
import ProtoHTTPCore
import ProtoHTTPDemoService

/// What the seed libraries' users build apps with, against the running server: a batch of calls
/// of different types, a chain whose steps feed each other, a retry over a connection that drops
/// the first two attempts, and the side-effect-free GetNote sent as a Connect GET.
enum RequestLayerStep {
    static func run(_ demo: DemoContext) async {
        demo.out.section(7, "The request layer: batch, chain, retry, Connect GET", [
            "Calls built from PendingCall values: a batch starts them together, a chain one after another.",
        ])
        await batch(demo)
        await chain(demo)
        await retry(demo)
        await connectGet(demo)
    }

    private static func batch(_ demo: DemoContext) async {
        let out = demo.out
        out.code([
            "let outputs = try await manager.batch([          // outputs of two types: [any Sendable]",
            "    .unary(Notes_NotesMetadata.ListNotes.self, Notes_ListNotesRequest(tag: \"\")),",
            "    .unary(Notes_NotesMetadata.GetNote.self, Notes_GetNoteRequest(id: \"n1\")),",
            "])",
            "_ = try await manager.batch([.unary(GetNote.self, n1), .unary(GetNote.self, n404)])  // throws not_found, cancels the rest",
        ])
        let manager = demo.clients.manager(.connect)
        do {
            let outputs = try await manager.batch([
                .unary(Notes_NotesMetadata.ListNotes.self, Notes_ListNotesRequest(tag: "")),
                .unary(Notes_NotesMetadata.GetNote.self, Notes_GetNoteRequest(id: "n1")),
            ])
            let list = outputs[0] as? Notes_ListNotesResponse
            let note = outputs[1] as? Notes_Note
            out.line("batch of 2       → [\(list.map(DemoFormat.list) ?? "?"), \(note.map { $0.id } ?? "?")]  (outputs in request order)")
            demo.checks.expect(list?.notes.contains { $0.id == "n1" } == true && note?.id == "n1", "the batch's outputs in request order")
        } catch {
            demo.checks.fail("the batch failed: \(DemoFormat.error(error))")
        }
        do {
            _ = try await manager.batch([
                .unary(Notes_NotesMetadata.GetNote.self, Notes_GetNoteRequest(id: "n1")),
                .unary(Notes_NotesMetadata.GetNote.self, Notes_GetNoteRequest(id: "n404")),
            ])
            demo.checks.fail("a batch with a missing note to fail")
        } catch {
            out.line("batch with n404  → failure: \(DemoFormat.error(error))")
            demo.checks.expect(error.code == .notFound, "the batch to fail with the first error, not_found")
        }
    }

    private static func chain(_ demo: DemoContext) async {
        let out = demo.out
        out.code([
            "manager.chain(.unary(CreateNote.self, draft), next: { step, output in",
            "    guard let note = output as? Notes_Note, step < 2 else { return nil }",
            "    return step == 0 ? .unary(GetNote.self, GetNoteRequest(id: note.id))",
            "                     : .unary(DeleteNote.self, DeleteNoteRequest(id: note.id))",
            "}, success: { outputs in … }, failure: { failed in … })",
        ])
        let manager = demo.clients.manager(.connect)
        let steps = Mutex<[String]>([])
        let bridge = ContinuationBridge<String>()
        let draft = DemoFixtures.create("Chained", tags: ["chain"], text: "made, read and removed in one chain")
        manager.chain(.unary(Notes_NotesMetadata.CreateNote.self, draft), next: { step, output in
            guard let note = output as? Notes_Note else { return nil }
            steps.withLock { $0.append("step \(step): \(step == 0 ? "created" : "read") \(note.id)") }
            switch step {
            case 0: return .unary(Notes_NotesMetadata.GetNote.self, Notes_GetNoteRequest(id: note.id))
            case 1: return .unary(Notes_NotesMetadata.DeleteNote.self, Notes_DeleteNoteRequest(id: note.id))
            default: return nil
            }
        }, success: { outputs in
            let deleted = outputs.last as? Notes_DeleteNoteResponse
            bridge.resume("success: deleted \(deleted?.deleted.id ?? "?"), \(deleted?.remaining ?? -1) notes remain")
        }, failure: { failed in
            bridge.resume("failure at step \(failed.step): \(DemoFormat.error(failed.error))")
        })
        let outcome = await bridge.wait()
        let seen = steps.withLock { $0 }
        for line in seen { out.line("chain " + line) }
        out.line("chain → " + outcome)
        demo.checks.expect(seen.count == 2 && outcome.hasPrefix("success: deleted"), "the chain to create, read and delete one note, in order")
    }

    private static func retry(_ demo: DemoContext) async {
        let out = demo.out
        out.code([
            "config.retryPolicy = RetryPolicy(maxAttempts: 4, initialBackoff: .milliseconds(50))",
            "// ListNotes is NO_SIDE_EFFECTS, so it may be sent again; here a flaky hop drops the first two attempts",
        ])
        let dropped = Atomic<Int>(0)
        // Stands in for a network that drops connections: the first two attempts fail unavailable.
        let flakyHop = ClosureInterceptor { request, _, next, completion in
            if dropped.add(1, ordering: .relaxed).newValue <= 2 {
                completion(.failure(ProtoHTTPError(code: .unavailable, message: "connection dropped on the way")))
            } else {
                next(request, completion)
            }
        }
        var configuration = demo.clients.manager(.connect).configuration
        configuration.retryPolicy = RetryPolicy(maxAttempts: 4, initialBackoff: .milliseconds(50))
        configuration.interceptors = [flakyHop]
        do {
            let manager = try ProtoHTTPManager(configuration: configuration, transport: demo.clients.transport)
            let response = try await manager.unaryForResponse(Notes_NotesMetadata.ListNotes.self, Notes_ListNotesRequest(tag: ""))
            out.line("retry            → \(DemoFormat.list(response.output))  after \(response.metadata.attempts) attempts")
            demo.checks.expect(response.metadata.attempts == 3, "ListNotes to succeed on the third attempt")
        } catch {
            demo.checks.fail("the retried call failed: \(DemoFormat.error(error))")
        }
    }

    private static func connectGet(_ demo: DemoContext) async {
        let out = demo.out
        out.code(["config.wireProtocol = .connect(httpGet: true)   // NO_SIDE_EFFECTS methods go as cacheable GETs"])
        let sent = Mutex<[String]>([])
        var configuration = demo.clients.manager(.connect).configuration
        configuration.wireProtocol = .connect(httpGet: true)
        configuration.interceptors = [ClosureInterceptor { request, _, next, completion in
            sent.withLock { $0.append("\(request.method) \(request.url.split(separator: "/", omittingEmptySubsequences: false).suffix(2).joined(separator: "/"))") }
            next(request, completion)
        }]
        do {
            let client = Notes_NotesClient(manager: try ProtoHTTPManager(configuration: configuration, transport: demo.clients.transport))
            let note = try await client.getNote(Notes_GetNoteRequest(id: "n1"))
            let request = sent.withLock { $0.last ?? "" }
            out.line("Connect GET      → " + DemoFormat.shortened(request, to: 90))
            out.line("                 → \(DemoFormat.note(note))")
            demo.checks.expect(request.hasPrefix("GET notes.Notes/GetNote?connect=v1&base64=1&encoding=proto&message=") && note.id == "n1",
                               "GetNote to go as a Connect GET and return n1")
        } catch {
            demo.checks.fail("the Connect GET failed: \(DemoFormat.error(error))")
        }
    }
}
