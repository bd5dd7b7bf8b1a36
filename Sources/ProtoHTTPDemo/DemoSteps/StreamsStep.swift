// StreamsStep.swift: demo section 9: a server stream and a bidirectional exchange, over gRPC and Connect.
import ProtoHTTP
import ProtoHTTPCore
import ProtoHTTPDemoService

/// Watches the notes tagged "demo" as a server stream, then syncs two notes through the
/// bidirectional `SyncNotes`, each answer read before the next note is sent, over gRPC (h2c) and
/// Connect's streaming protocol, through the generated `Notes_NoteFeedClient`.
enum StreamsStep {
    static func run(_ demo: DemoContext) async {
        let out = demo.out
        out.section(9, "Streams: a server stream and a bidirectional exchange", [
            "notes.NoteFeed's handlers read and send messages as they go; the generated client's streaming",
            "methods return the stream (gRPC: frames and trailers; Connect: envelopes and an end-of-stream message):",
        ])
        out.code([
            "let feed = Notes_NoteFeedClient(manager: manager)",
            "for try await note in feed.watchNotes(Notes_ListNotesRequest(tag: \"demo\")) { print(note.title) }",
            "let sync = feed.syncNotes()",
            "try await sync.send(request); let stored = try await replies.next()   // one answer per note, as it comes",
        ])
        for wire in [DemoWire.grpc, .connect] {
            out.line()
            await watch(demo, wire)
            await sync(demo, wire)
        }
    }

    private static func watch(_ demo: DemoContext, _ wire: DemoWire) async {
        let feed = Notes_NoteFeedClient(manager: demo.clients.manager(wire))
        let label = "\(wire.rawValue)/binary"
        do {
            var titles: [String] = []
            let stream = feed.watchNotes(Notes_ListNotesRequest(tag: "demo"))
            for try await note in stream {
                titles.append(note.title)
                demo.out.line(DemoOutput.pad(label, 16) + DemoOutput.pad("WatchNotes", 11) + "→ " + DemoFormat.note(note))
            }
            demo.out.line(DemoOutput.pad(label, 16) + DemoOutput.pad("", 11) + "  the end: \(titles.count) notes, HTTP \(stream.metadata?.status ?? 0)")
            demo.checks.expect(!titles.isEmpty, "\(label): WatchNotes to stream the demo notes")
        } catch {
            demo.checks.fail("\(label) WatchNotes failed: \(DemoFormat.error(error))")
        }
    }

    private static func sync(_ demo: DemoContext, _ wire: DemoWire) async {
        let feed = Notes_NoteFeedClient(manager: demo.clients.manager(wire))
        let label = "\(wire.rawValue)/binary"
        let sync = feed.syncNotes()
        var replies = sync.responses.makeAsyncIterator()
        do {
            for title in ["Synced over \(wire.rawValue) (1)", "Synced over \(wire.rawValue) (2)"] {
                try await sync.send(DemoFixtures.create(title, tags: ["sync"]))
                guard let stored = try await replies.next() else {
                    demo.checks.fail("\(label) SyncNotes ended before answering \"\(title)\"")
                    return
                }
                demo.out.line(DemoOutput.pad(label, 16) + DemoOutput.pad("SyncNotes", 11) + "→ " + DemoFormat.note(stored))
                demo.checks.expect(stored.title == title && !stored.id.isEmpty, "\(label): SyncNotes to answer each note stored")
            }
            sync.finishSending()
            let rest = try await replies.next()
            demo.checks.expect(rest == nil, "\(label): SyncNotes to end once the client has")
        } catch {
            sync.cancel()
            demo.checks.fail("\(label) SyncNotes failed: \(DemoFormat.error(error))")
        }
    }
}
