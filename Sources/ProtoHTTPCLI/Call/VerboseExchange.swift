// VerboseExchange.swift: `protohttp call -v`: the request's and the response's headers, and the trailers, on standard error.
import HTTPTypes
import ProtoHTTP
import ProtoHTTPCore

/// The interceptor behind `-v`: before the exchange, `> POST URL` and `> name: value` per
/// request header; after it, `< HTTP <status> (HTTP/<version>)`, `< name: value` per response
/// header, and `< (trailer) name: value` per trailer (gRPC's status comes there). Headers the
/// transport adds itself (User-Agent, Accept-Encoding, Content-Length) are not shown.
struct VerboseExchange: CallInterceptor {
    func intercept(_ request: TransportRequest, info: CallInfo, next: @escaping InterceptorNext,
                   completion: @escaping @Sendable (Result<TransportResponse, ProtoHTTPError>) -> Void) {
        for line in Self.requestLines(request) { printError(line) }
        next(request) { result in
            switch result {
            case .success(let response): for line in Self.responseLines(response) { printError(line) }
            case .failure(let error): printError("< (no response: \(error.code))")
            }
            completion(result)
        }
    }

    static func requestLines(_ request: TransportRequest) -> [String] {
        ["> \(request.method) \(request.url)"] + request.headers.map { "> \($0.name.canonicalName.lowercased()): \($0.value)" }
    }

    static func responseLines(_ response: TransportResponse) -> [String] {
        let version = response.metrics.httpVersion.isEmpty ? "" : " (HTTP/\(response.metrics.httpVersion))"
        return ["< HTTP \(response.status)\(version)"]
            + response.headers.map { "< \($0.name.canonicalName.lowercased()): \($0.value)" }
            + response.trailers.map { "< (trailer) \($0.name.canonicalName.lowercased()): \($0.value)" }
    }
}
