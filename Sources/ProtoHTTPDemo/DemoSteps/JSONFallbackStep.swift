// JSONFallbackStep.swift: demo section 5: a JSON-only plain endpoint answers binary with 415; the caller retries with JSON.
import ProtoHTTP
import ProtoWire
import ProtoHTTPCore
import ProtoHTTPDemoService

/// Calls the JSON-only ``DemoServer/listRoute`` with a binary body (HTTP 415), then again with
/// `CallOptions(encoding: .json)`, as a client does when it meets a JSON-only endpoint.
enum JSONFallbackStep {
    static func run(_ demo: DemoContext) async {
        let out = demo.out
        let path = DemoServer.listRoute.path
        out.section(5, "Falling back to JSON for a JSON-only endpoint", [
            "POST \(path) is a PlainRoute to ListNotes that accepts JSON bodies only; a binary body gets",
            "HTTP 415 Unsupported Media Type. The caller sees it and sends the same request as JSON:",
        ])
        out.code([
            "do {",
            "    reply = try await manager.post(\"\(path)\", request, as: Notes_ListNotesResponse.self)",
            "} catch where error.httpStatus == 415 {",
            "    reply = try await manager.post(\"\(path)\", request, as: Notes_ListNotesResponse.self, options: CallOptions(encoding: .json))",
            "}",
        ])
        out.line()
        let manager = demo.clients.manager(.plain)
        let request = Notes_ListNotesRequest(tag: "")
        do {
            // What the endpoint should answer: the same method over Connect.
            let expected = try await demo.clients.notes(.connect).listNotes(request)
            out.line("0. Connect, for comparison          → " + DemoFormat.list(expected))
            let reply: Notes_ListNotesResponse
            do {
                reply = try await manager.post(path, request, as: Notes_ListNotesResponse.self)
                out.line("1. binary                            → " + DemoFormat.list(reply))
                demo.checks.fail("a binary body to be refused with HTTP 415")
            } catch where error.httpStatus == 415 {
                out.line("1. binary (application/x-protobuf)  → HTTP 415: " + serverMessage(error))
                demo.checks.expect(true, "HTTP 415 for a binary body")
                reply = try await manager.post(path, request, as: Notes_ListNotesResponse.self, options: CallOptions(encoding: .json))
                out.line("2. json   (application/json)        → " + DemoFormat.list(reply))
            }
            demo.checks.expect(reply == expected && !reply.notes.isEmpty, "the JSON retry to list the same notes as ListNotes over Connect")
        } catch {
            demo.checks.fail("the JSON fallback failed: \(DemoFormat.error(error))")
        }
    }

    /// The `message` of the server's JSON error body (`{"code": …, "message": …}`), or the
    /// client's own message when the body is not that.
    private static func serverMessage(_ error: ProtoHTTPError) -> String {
        guard let body = error.responseBody, let object = try? Google_Protobuf_Struct(jsonUTF8Bytes: body),
              case .stringValue(let message)? = object["message"]?.kind
        else { return error.message }
        return message
    }
}
