// ProtoHTTPServer+InProcess.swift: one complete request answered as the server would over HTTP, without sockets (for ProtoHTTPInProcess).
package import HTTPTypes
package import ProtoHTTPCore

extension ProtoHTTPServer {
    /// Answers one complete request exactly as a connection would (routing, negotiation,
    /// limits, deadlines from `Connect-Timeout-Ms` or `grpc-timeout`, gzip both ways, errors in
    /// the protocol's format), without a socket and whether or not the server was started.
    /// `answer` runs once, as soon as the response is known, with the trailers (gRPC's status;
    /// empty for the other protocols); the call returns once the handler has returned.
    /// Cancelling the calling task answers at once (`canceled`) and cancels the handler. The
    /// exchange counts as HTTP/2, so gRPC is served as over a connection.
    package func respond(method: HTTPMethod, uri: String, headers: HTTPFields, body: [UInt8],
                         answer: @escaping @Sendable (_ status: Int, _ headers: HTTPFields, _ body: [UInt8], _ trailers: HTTPFields) -> Void) async {
        let request = RPCRequest(method: method, uri: uri, headers: headers, body: body, remoteAddress: "in-process", httpMajorVersion: 2)
        await dispatcher.handle(request) { response, _ in answer(response.status, response.headers, response.body, response.trailers ?? [:]) }
    }
}
