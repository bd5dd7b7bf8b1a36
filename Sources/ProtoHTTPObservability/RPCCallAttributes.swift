// RPCCallAttributes.swift: a call's OpenTelemetry RPC attributes: system, service, method, and its status code.
package import ProtoHTTPCore

/// The names OpenTelemetry's RPC conventions give a call: `rpc.system`, `rpc.service` and
/// `rpc.method` from its path and protocol, and the status attributes of its outcome.
package struct RPCCallAttributes: Sendable {
    /// `grpc`, `connect_rpc`, `twirp` or `http`.
    package let system: String
    /// `pkg.Service`, what comes before the path's last `/`.
    package let service: String
    /// `Method`, what comes after it.
    package let method: String

    package init(path: String, rpcProtocol: RPCProtocol?) {
        system = switch rpcProtocol {
        case .grpc?, .grpcWeb?: "grpc"
        case .connect?: "connect_rpc"
        case .twirp?: "twirp"
        case .plain?, nil: "http"
        }
        let trimmed = path.hasPrefix("/") ? path.dropFirst() : Substring(path)
        if let slash = trimmed.lastIndex(of: "/") {
            service = String(trimmed[..<slash])
            method = String(trimmed[trimmed.index(after: slash)...])
        } else {
            service = ""
            method = String(trimmed)
        }
    }

    /// The span's name: `pkg.Service/Method`.
    package var spanName: String { service.isEmpty ? method : "\(service)/\(method)" }

    /// `rpc.system`, `rpc.service` and `rpc.method`.
    package var dimensions: [(String, String)] {
        [("rpc.system", system), ("rpc.service", service), ("rpc.method", method)]
    }

    /// The outcome's attributes: `rpc.response.status_code` (`OK`, `NOT_FOUND`, …), and
    /// `rpc.grpc.status_code` for gRPC or `rpc.connect_rpc.error_code` for a failed Connect call.
    package func statusDimensions(_ code: ProtoHTTPError.Code?) -> [(String, String)] {
        var status = [("rpc.response.status_code", code.map(Self.statusName) ?? "OK")]
        switch system {
        case "grpc": status.append(("rpc.grpc.status_code", String(code?.rawValue ?? 0)))
        case "connect_rpc": if let code { status.append(("rpc.connect_rpc.error_code", code.name)) }
        default: break
        }
        return status
    }

    /// gRPC's name of `code`, the string form OpenTelemetry records: `NOT_FOUND`, and
    /// `CANCELLED` with gRPC's spelling, where Connect's name is `canceled`.
    static func statusName(_ code: ProtoHTTPError.Code) -> String {
        code == .canceled ? "CANCELLED" : code.name.uppercased()
    }

    /// Whether `code` marks the span as failed: every code but OK on the client; on the
    /// server only those that are the server's fault (OpenTelemetry's rule for gRPC servers).
    func isError(_ code: ProtoHTTPError.Code, side: RPCCallObservation.Side) -> Bool {
        switch side {
        case .client: true
        case .server: [.unknown, .deadlineExceeded, .unimplemented, .internal, .unavailable, .dataLoss].contains(code)
        }
    }
}
