// AsyncErrorsStep.swift: demo section 4: the async form's errors: catch a ProtoHTTPError, read its code, status, details, meta.
import ProtoHTTP
import ProtoHTTPCore
import ProtoHTTPDemoService

/// Failing calls in the async form over Connect and Twirp: each error's code, HTTP status and
/// message, plus the Connect detail or the Twirp meta the service attached.
enum AsyncErrorsStep {
    static func run(_ demo: DemoContext) async {
        let out = demo.out
        out.section(4, "The async form: errors are thrown ProtoHTTPErrors", [
            "The generated async methods are `throws(ProtoHTTPError)`, so `catch` gets the error typed:",
        ])
        out.code([
            "do {",
            "    let note = try await notes.getNote(request)",
            "} catch {",
            "    print(error.code, error.httpStatus, error.message)   // not_found 404 \"no note has …\"",
            "    let asked = error.details.first?.unpack(Notes_GetNoteRequest.self)   // Connect details",
            "}",
        ])
        out.line()
        await expectFailure(demo, "connect/binary", "GetNote(id: \"n404\")", .notFound, 404) { () async throws(ProtoHTTPError) in
            _ = try await demo.clients.notes(.connect).getNote(Notes_GetNoteRequest(id: "n404"))
        } explain: { error in
            guard let asked = error.details.first?.unpack(Notes_GetNoteRequest.self) else { return nil }
            return "details[0]: \(Notes_GetNoteRequest.protoMessageName) { id: \"\(asked.id)\" }"
        }
        await expectFailure(demo, "twirp/json", "DeleteNote(id: \"n3\")", .notFound, 404) { () async throws(ProtoHTTPError) in
            _ = try await demo.clients.notes(.twirp).deleteNote(Notes_DeleteNoteRequest(id: "n3"), options: CallOptions(encoding: .json))
        } explain: { error in
            error.meta.isEmpty ? nil : "meta: " + DemoFormat.pairs(error.meta) + "  (n3 was deleted in the tour; ids are not reused)"
        }
        await expectFailure(demo, "connect/json", "CreateNote(title: \"\")", .invalidArgument, 400) { () async throws(ProtoHTTPError) in
            _ = try await demo.clients.notes(.connect).createNote(DemoFixtures.create(""), options: CallOptions(encoding: .json))
        }
        await expectFailure(demo, "twirp/binary", "CreateNote(title: \"   \")", .invalidArgument, 400) { () async throws(ProtoHTTPError) in
            _ = try await demo.clients.notes(.twirp).createNote(DemoFixtures.create("   "))
        }
    }

    /// Runs `call`, which must throw `code` with `status`; prints the error and, when
    /// `explain` has one, a second line about what the error carries.
    private static func expectFailure(
        _ demo: DemoContext, _ label: String, _ call: String, _ code: ProtoHTTPError.Code, _ status: Int,
        _ body: () async throws(ProtoHTTPError) -> Void,
        explain: (ProtoHTTPError) -> String? = { _ in nil }
    ) async {
        let head = DemoOutput.pad(label, 16) + DemoOutput.pad(call, 25) + "→ "
        do {
            try await body()
            demo.out.line(head + "succeeded")
            demo.checks.fail("\(label) \(call) to fail with \(code)")
        } catch {
            demo.out.line(head + DemoFormat.error(error))
            demo.checks.expect(error.code == code && error.httpStatus == status, "\(label) \(call): \(code), HTTP \(status)")
            if let extra = explain(error) {
                demo.out.line(String(repeating: " ", count: head.count) + extra)
            } else if code == .notFound {
                demo.checks.fail("\(label) \(call): the not_found error to carry the service's detail or meta")
            }
        }
    }
}
