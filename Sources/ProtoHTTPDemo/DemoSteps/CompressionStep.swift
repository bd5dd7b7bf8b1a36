// CompressionStep.swift: demo section 8: gzip both ways, seen through the calls' progress reports.
import ProtoHTTP
import Synchronization
import ProtoHTTPDemoService

/// Creates a long note with `requestCompression = .gzip()` and lists the notes back, with a
/// progress handler on each call: the reports count bytes on the wire, so they show the gzip
/// request body and the server's gzip response next to the messages' own sizes.
enum CompressionStep {
    static func run(_ demo: DemoContext) async {
        let out = demo.out
        out.section(8, "Compression both ways, seen through progress reports", [
            "The client gzips request bodies past a threshold when asked; the server gzips responses for",
            "clients that accept gzip (libcurl asks for it on every call). Progress reports count wire bytes:",
        ])
        out.code([
            "config.requestCompression = .gzip()     // bodies of 1 KiB or more",
            "let note = try await notes.createNote(longNote, options: CallOptions().withProgress { print($0) })",
        ])
        out.line()
        do {
            var configuration = ManagerConfiguration(baseURL: demo.server.baseURL)
            configuration.wireProtocol = ConnectProtocol()
            configuration.requestCompression = .gzip()
            let manager = try ProtoHTTPManager(configuration: configuration, transport: demo.clients.transport)
            let notes = Notes_NotesClient(manager: manager)

            var request = Notes_CreateNoteRequest()
            request.title = "Packing list"
            request.text = String(repeating: "- sun cream, hat, towel, book, water bottle\n", count: 1_500)
            let sent = Reports()
            let note = try await notes.createNote(request, options: CallOptions().withProgress(sent.record))
            let upload = sent.last(.upload)
            out.line("CreateNote  message \(request.serializedBytes().count) bytes → sent \(upload?.completedBytes ?? 0) bytes gzip"
                + " (upload progress: \(sent.count(.upload)) reports, last \(upload?.completedBytes ?? 0) of \(upload?.totalBytes ?? -1))")
            demo.checks.expect(note.text == request.text, "the long note to arrive whole")
            demo.checks.expect((upload?.completedBytes ?? .max) < Int64(request.serializedBytes().count) / 10,
                               "the request body to travel gzipped, at under a tenth of its size")

            let received = Reports()
            let list = try await notes.listNotes(Notes_ListNotesRequest(tag: ""), options: CallOptions().withProgress(received.record))
            let download = received.last(.download)
            out.line("ListNotes   message \(list.serializedBytes().count) bytes ← received \(download?.completedBytes ?? 0) bytes gzip"
                + " (download progress ends at \(download?.completedBytes ?? 0) of \(download?.totalBytes ?? -1))")
            demo.checks.expect((download?.completedBytes ?? .max) < Int64(list.serializedBytes().count) / 10,
                               "the server's response to travel gzipped")
            demo.checks.expect(download?.isComplete == true, "download progress to end at its total")
            _ = try await notes.deleteNote(Notes_DeleteNoteRequest(id: note.id))
        } catch {
            demo.checks.fail("the compression calls failed: \(DemoFormat.error(error))")
        }
    }

    /// The progress reports of one call, recorded from the callback queue.
    private final class Reports: Sendable {
        private let reports = Mutex<[TransferProgress]>([])

        func record(_ report: TransferProgress) { reports.withLock { $0.append(report) } }
        func last(_ direction: TransferProgress.Direction) -> TransferProgress? { reports.withLock { $0.last { $0.direction == direction } } }
        func count(_ direction: TransferProgress.Direction) -> Int { reports.withLock { $0.filter { $0.direction == direction }.count } }
    }
}
