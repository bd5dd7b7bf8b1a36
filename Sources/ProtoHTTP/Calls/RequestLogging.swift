// RequestLogging.swift: request/response log lines with credentials (Authorization, cookies) redacted.
import Logging
import HTTPTypes
import ProtoHTTPCore

enum RequestLogging {
    /// Header names whose values never reach a log.
    static let redacted: Set<HTTPField.Name> = [.authorization, .proxyAuthorization, .cookie, .setCookie]

    /// `name: value` pairs, secrets replaced by `<redacted>`.
    static func describe(_ headers: HTTPFields) -> String {
        headers.map { redacted.contains($0.name) ? "\($0.name): <redacted>" : "\($0.name): \($0.value)" }
            .joined(separator: ", ")
    }

    static func logRequest(_ logger: Logger, id: UInt64, request: TransportRequest) {
        logger.debug("→ #\(id) \(request.method) \(request.url) [\(describe(request.headers))] \(describeBody(request))")
    }

    /// `N bytes`, `multipart form, N parts` for a form, or `the file PATH` for a file body (files
    /// are not read to size them).
    static func describeBody(_ request: TransportRequest) -> String {
        if let form = request.multipart { return "multipart form, \(form.parts.count) parts" }
        if let path = request.uploadFile { return "the file \(path)" }
        return "\(request.body?.count ?? 0) bytes"
    }

    static func logResponse(_ logger: Logger, id: UInt64, result: Result<TransportResponse, ProtoHTTPError>) {
        switch result {
        case .success(let response):
            logger.debug("← #\(id) HTTP \(response.status) [\(describe(response.headers))] \(response.body.count) bytes in \(response.metrics.totalTime)")
        case .failure(let error):
            logger.debug("← #\(id) failed: \(error)")
        }
    }
}
