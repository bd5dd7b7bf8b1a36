// RequestObjectTests.swift: Request types (YTKNetwork's YTKRequest subclasses) started alone, awaited, batched and chained against our server.
import Foundation
import ProtoHTTP
import ProtoHTTPCore
import ProtoHTTPDemo
import ProtoHTTPDemoService
import ProtoHTTPServer
import ProtoHTTPTestSupport
import ProtoWire
import Synchronization
import Testing

/// What the request-object examples print.
private let printed = PrintedLines()
private func print(_ items: Any..., separator: String = " ") { printed.append(items, separator: separator) }

/// A note fetched by id: one endpoint's settings in one type, as a YTKRequest subclass holds them.
struct GetNote: Request {
    var id: String
    var path: String { Notes_NotesMetadata.GetNote.path }
    var input: Notes_GetNoteRequest {
        var request = Notes_GetNoteRequest()
        request.id = id
        return request
    }
    var requestSerializer: MessageRequestSerializer<Notes_GetNoteRequest> { .callsEncoding }
    var responseSerializer: MessageResponseSerializer<Notes_Note> { .message(Notes_Note.self) }
    var timeout: CallTimeout? { .after(.seconds(5)) }   // YTKRequest's requestTimeoutInterval
}

/// Every note, with the request's own header and accessory.
struct ListNotes: Request {
    var accessory: RecordingAccessory
    var path: String { Notes_NotesMetadata.ListNotes.path }
    var input: Notes_ListNotesRequest { Notes_ListNotesRequest() }
    var requestSerializer: MessageRequestSerializer<Notes_ListNotesRequest> { .callsEncoding }
    var responseSerializer: MessageResponseSerializer<Notes_ListNotesResponse> { .message(Notes_ListNotesResponse.self) }
    var options: CallOptions { CallOptions(tag: 9, encoding: .json) }
    var accessories: [any CallAccessory] { [accessory] }
}

/// A call the server holds until released, with a short time limit of its own.
struct SlowCall: Request {
    var path: String { "/test.Faults/Slow" }
    var input: Google_Protobuf_Int32Value { Google_Protobuf_Int32Value(-1) }   // wait for release
    var requestSerializer: MessageRequestSerializer<Google_Protobuf_Int32Value> { .callsEncoding }
    var responseSerializer: MessageResponseSerializer<Google_Protobuf_Empty> { .message(Google_Protobuf_Empty.self) }
    var timeout: CallTimeout? { .after(.milliseconds(300)) }
    var validators: [any ResponseValidator]? { [StatusCodeValidator(200..<300)] }
}

/// Records when calls start and stop.
final class RecordingAccessory: CallAccessory {
    private let events = Mutex<[String]>([])
    var all: [String] { events.withLock { $0 } }
    func willStart(_ call: CallInfo) { events.withLock { $0.append("start \(call.tag ?? 0)") } }
    func didStop(_ call: CallInfo, error: ProtoHTTPError?) { events.withLock { $0.append("stop \(error?.code.name ?? "ok")") } }
}

extension ServerTests {
    @Suite("Request objects")
    struct RequestObjectTests {
        static func manager(_ server: TestServer) throws -> ProtoHTTPManager {
            try server.manager(.connect)
        }

        @Test("send and start run a request type with its method, path, serializers, options, timeout and accessories")
        func sendAndStart() async throws {
            try await withServer { server in
                let manager = try Self.manager(server)
                let created = try await Notes_NotesClient(manager: manager).createNote(EndToEndTests.groceries)

                let got = try await manager.send(GetNote(id: created.id))
                #expect(got.output == created && got.metadata.contentType == "application/proto")

                let accessory = RecordingAccessory()
                let listed = try await manager.send(ListNotes(accessory: accessory))
                #expect(listed.output.notes == [created])
                #expect(listed.metadata.contentType == "application/json", "the request's own options: JSON")
                #expect(await waitUntil { accessory.all.count == 2 }, "\(accessory.all)")   // didStop follows the delivery
                #expect(accessory.all == ["start 9", "stop ok"])

                let missing = await Result { () async throws(ProtoHTTPError) in try await manager.send(GetNote(id: "nope")) }
                #expect(missing.error?.code == .notFound)

                // The request's timeout, not the manager's 20 s: the deadline error names its limit.
                let slow = await Result { () async throws(ProtoHTTPError) in try await manager.send(SlowCall()) }
                #expect(slow.error?.code == .deadlineExceeded, "\(String(describing: slow.error))")
                #expect(slow.error?.message.contains("within \(Duration.milliseconds(300))") == true, "\(String(describing: slow.error))")
                server.faults.release()
            }
        }

        @Test("Request layer article: a request type, started, awaited, in a batch and in a chain")
        func article() async throws {
            printed.reset()
            try await withServer { server in
                let manager = try Self.manager(server)
                let client = Notes_NotesClient(manager: manager)
                let first = try await client.createNote(EndToEndTests.groceries)
                var other = Notes_CreateNoteRequest()
                other.title = "call mom"
                let second = try await client.createNote(other)

                manager.start(GetNote(id: first.id), success: { note, _ in print(note.title) }, failure: { error in print(error) })
                let note = try await manager.send(GetNote(id: second.id)).output
                manager.batch([.call(GetNote(id: first.id)), .call(GetNote(id: second.id))],
                              success: { outputs in print(outputs.count) }, failure: { failed in print(failed) })
                manager.chain(.call(GetNote(id: first.id)), next: { step, output in
                    step == 0 ? .call(GetNote(id: second.id)) : nil
                }, success: { outputs in print((outputs.last as? Notes_Note)?.title ?? "") }, failure: { failed in print(failed) })

                #expect(note.title == "call mom")
                let lines = await printed.waitFor(3)
                #expect(Set(lines) == ["groceries", "2", "call mom"], "\(lines)")
            }
        }
    }
}
