// ProtoHTTPServer+InProcess.swift: one complete request answered as the server would over HTTP, without sockets (for ProtoHTTPInProcess).
package import HTTPTypes
package import ProtoHTTPCore

extension ProtoHTTPServer {
    /// Answers one complete request exactly as a connection would (routing, negotiation,
    /// limits, deadlines from `Connect-Timeout-Ms`, gzip both ways, errors in the protocol's
    /// format), without a socket and whether or not the server was started. `answer` runs once,
    /// as soon as the response is known; the call returns once the handler has returned.
    /// Cancelling the calling task answers at once (`canceled`) and cancels the handler.
    package func respond(method: HTTPMethod, uri: String, headers: HTTPFields, body: [UInt8],
                         answer: @escaping @Sendable (_ status: Int, _ headers: HTTPFields, _ body: [UInt8]) -> Void) async {
        let request = RPCRequest(method: method, uri: uri, headers: headers, body: body, remoteAddress: "in-process")
        await dispatcher.handle(request) { response, _ in answer(response.status, response.headers, response.body) }
    }
}
