// ProtoHTTPErrorTests.swift: the client's errors: curl mapping, size limits, timeouts, descriptions.
import CCurl
import Testing
@testable import ProtoHTTP
import ProtoHTTPCore

@Suite("ProtoHTTPError")
struct ProtoHTTPErrorTests {
    @Test(arguments: [
        (CURLE_COULDNT_CONNECT, "unavailable"),
        (CURLE_COULDNT_RESOLVE_HOST, "unavailable"),
        (CURLE_OPERATION_TIMEDOUT, "deadline_exceeded"),
        (CURLE_PARTIAL_FILE, "unavailable"),
        (CURLE_GOT_NOTHING, "unavailable"),
        (CURLE_RECV_ERROR, "unavailable"),
        (CURLE_FILESIZE_EXCEEDED, "resource_exhausted"),
        (CURLE_URL_MALFORMAT, "invalid_argument"),
        (CURLE_PEER_FAILED_VERIFICATION, "unavailable"),
        (CURLE_SSL_PINNEDPUBKEYNOTMATCH, "unavailable"),
        (CURLE_BAD_CONTENT_ENCODING, "data_loss"),
        (CURLE_WEIRD_SERVER_REPLY, "unavailable"),
        (CURLE_SSH, "unknown"),
    ])
    func curlCodesMapToRPCCodes(result: CURLcode, name: String) {
        let error = ProtoHTTPError.transport(result: result, errorBuffer: "detail text", url: "http://h/p", exceededLimit: nil, timeout: nil)
        #expect(error.code.name == name)
        #expect(error.transportError?.curlCode == Int(result.rawValue))
        #expect(error.transportError?.detail == "detail text")
        #expect(error.transportError?.summary.isEmpty == false)
        #expect(error.message.contains("http://h/p") || name == "unknown" || result == CURLE_COULDNT_RESOLVE_PROXY)
    }

    @Test func sizeLimitWinsOverTheWriteError() {
        let error = ProtoHTTPError.transport(result: CURLE_WRITE_ERROR, errorBuffer: "", url: "http://h/big", exceededLimit: 1024, timeout: nil)
        #expect(error.code == .resourceExhausted)
        #expect(error.message.contains("1024 bytes"))
        #expect(error.message.contains("maxResponseSize"))
    }

    @Test func timeoutMessageQuotesTheLimit() {
        let error = ProtoHTTPError.transport(result: CURLE_OPERATION_TIMEDOUT, errorBuffer: "Operation timed out after 250 milliseconds", url: "http://h/slow", exceededLimit: nil, timeout: .milliseconds(250))
        #expect(error.code == .deadlineExceeded)
        #expect(error.message.contains("0.25 s"))
        #expect(error.description.hasPrefix("deadline_exceeded: "))
        #expect(error.description.contains("(curl 28: Operation timed out after 250 milliseconds)"))
    }

    @Test func descriptionIncludesStatusAndTransportError() {
        let plain = ProtoHTTPError(code: .notFound, message: "no such thing", httpStatus: 404)
        #expect(plain.description == "not_found: no such thing (HTTP 404)")
        let cause = TransportError(curlCode: 7, summary: "Couldn't connect to server", detail: "")
        let wrapped = ProtoHTTPError(code: .unavailable, message: "down", transportError: cause)
        #expect(wrapped.description == "unavailable: down (curl 7: Couldn't connect to server)")
    }

    /// A layer over another's error, as an offline queue puts its entry over the transport error.
    struct Annotation: LayeredError, CustomStringConvertible {
        let note: String
        let cause: (any Error & Sendable)?
        var description: String { "\(cause.map { "\($0); " } ?? "")\(note)" }
    }

    @Test("cause(as:) looks through layered causes; equality and hashing compare causes by description")
    func causes() {
        let curl = TransportError(curlCode: 7, summary: "Couldn't connect to server", detail: "refused")
        var error = ProtoHTTPError(code: .unavailable, message: "down", transportError: curl)
        #expect(error.transportError == curl && error.cause(as: Annotation.self) == nil)
        let bare = error
        error.cause = Annotation(note: "kept for later", cause: error.cause)
        #expect(error.transportError == curl, "a layer over the transport error hid it")
        #expect(error.cause(as: Annotation.self)?.note == "kept for later")
        #expect(error.description == "unavailable: down (curl 7: refused; kept for later)")
        #expect(error != bare && Set([error, bare]).count == 2, "a different cause makes a different error")
        var again = bare
        again.cause = Annotation(note: "kept for later", cause: curl)
        #expect(again == error && again.hashValue == error.hashValue)
        #expect(ProtoHTTPError(code: .unavailable, message: "down").cause(as: TransportError.self) == nil)
    }
}
