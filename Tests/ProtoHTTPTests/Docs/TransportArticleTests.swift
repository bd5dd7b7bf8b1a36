// TransportArticleTests.swift: the example of the DocC article "The transport engine" (the transport on its own), run as written against the test server.
import Dispatch
import ProtoHTTPTestSupport
import ProtoHTTPDemo
import Testing
@testable import ProtoHTTP
import ProtoHTTPDemoService

/// What the article's example prints.
private let printed = PrintedLines()
private func print(_ items: Any..., separator: String = " ") { printed.append(items, separator: separator) }

@Suite("Article: the transport on its own", .serialized)
struct TransportArticleTests {
    @Test("callbacks on a queue of the caller's, a cancel after the result that changes nothing, then async")
    func transportAlone() async throws {
        printed.reset()
        let server = try await TestServer.start()
        defer { server.stop() }
        let baseURL = server.url("")
        let queue = DispatchQueue(label: "app.calls")
        var msg = Notes_Note()
        msg.title = "over the transport"

        let transport = try HTTPTransport()               // TransportConfiguration() for HTTP version, TLS, proxy
        let request = TransportRequest(url: baseURL + "/echo",        // e.g. "http://127.0.0.1:8080/echo"
                                       headers: [.contentType: "application/x-protobuf"],
                                       body: msg.serializedBytes(), timeout: .seconds(5))

        // Callbacks, on your queue (never on the curl thread): exactly one result per call.
        let call = transport.send(request, on: queue, handedOff: { print("sent") }) { result in
            switch result {
            case .success(let response): print(response.status, response.body.count)
            case .failure(let error): print(error)   // ProtoHTTPError: Connect code, HTTP status, curl cause
            }
        }
        #expect(await printed.waitFor(2) == ["sent", "200 \(msg.serializedBytes().count)"])

        call.cancel()                                      // at any moment; the result is then `canceled`

        // async/await; cancelling the Task cancels the call.
        let response = try await transport.send(request)

        #expect(response.status == 200 && response.body == msg.serializedBytes())
        #expect(printed.all.count == 2, "a cancel after the result delivers nothing more")
    }
}
