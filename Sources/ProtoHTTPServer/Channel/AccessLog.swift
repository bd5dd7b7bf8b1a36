// AccessLog.swift: one swift-log line per exchange: request line, status, size, time, protocol, encoding, code.
import Logging
import ProtoHTTPCore

/// Writes the access log at `.info`:
/// `POST /acme.Notes/GetNote 200 42B 0.31ms` with metadata `protocol`, `encoding`, `code`, `peer`.
struct AccessLog: Sendable {
    let logger: Logger

    func record(method: HTTPMethod, uri: String, status: Int, bytes: Int, started: ContinuousClock.Instant,
                outcome: RPCOutcome, remoteAddress: String?) {
        guard logger.logLevel <= .info else { return }
        let millis = ((ContinuousClock.now - started).fractionalMilliseconds * 100).rounded() / 100
        var metadata: Logger.Metadata = ["code": "\(outcome.code?.name ?? "ok")"]
        if let wireProtocol = outcome.wireProtocol { metadata["protocol"] = "\(wireProtocol)" }
        if let encoding = outcome.encoding { metadata["encoding"] = "\(encoding)" }
        if let remoteAddress { metadata["peer"] = "\(remoteAddress)" }
        logger.info("\(method) \(uri) \(status) \(bytes)B \(millis)ms", metadata: metadata)
    }
}
