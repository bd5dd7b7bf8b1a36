// HealthService.swift: grpc.health.v1.Health/Check, answered from statuses the application sets.
import Synchronization
import ProtoHTTPCore

/// The standard gRPC health-checking service (`grpc.health.v1.Health/Check`), for load
/// balancers, Kubernetes probes and `grpc_health_probe`. Register it beside your services; it
/// answers over every protocol the server speaks (gRPC, gRPC-Web, Connect, Twirp).
///
/// The empty service name stands for the server as a whole. A name the service was never told
/// about is answered `not_found`, as the protocol asks.
///
/// ```swift
/// let health = HealthService(serving: ["notes.Notes"])     // "" and notes.Notes are SERVING
/// let server = try ProtoHTTPServer(configuration: config, services: [notes, health])
/// health.setStatus(.notServing, for: "notes.Notes")        // e.g. while its database is down
/// ```
///
/// (`Watch`, a server stream, is not served: streaming calls come later.)
public final class HealthService: ProtoHTTPService {
    /// A service's state, as `grpc.health.v1.HealthCheckResponse` names it.
    public typealias Status = Grpc_Health_V1_HealthCheckResponse.ServingStatus

    private let statuses: Mutex<[String: Status]>

    /// A health service that reports the server (`""`) and each of `services` as SERVING.
    public init(serving services: [String] = []) {
        var initial: [String: Status] = ["": .serving]
        for service in services { initial[service] = .serving }
        statuses = Mutex(initial)
    }

    /// Sets the state `Check` reports for `service` (`""` for the whole server).
    public func setStatus(_ status: Status, for service: String = "") {
        statuses.withLock { $0[service] = status }
    }

    /// The state reported for `service`, or `nil` when it was never set.
    public func status(of service: String) -> Status? {
        statuses.withLock { $0[service] }
    }

    /// Reports every known service, and the server, as NOT_SERVING: call it when shutdown
    /// begins, so balancers stop sending new calls while the last ones finish.
    public func enterNotServing() {
        statuses.withLock { table in
            for key in table.keys { table[key] = .notServing }
        }
    }

    /// `grpc.health.v1.Health` with its `Check` method.
    public var serviceDefinition: ServiceDefinition {
        ServiceDefinition(name: Grpc_Health_V1_HealthMetadata.serviceName, methods: [
            .unary(Grpc_Health_V1_HealthMetadata.Check.self) { [self] request, _ in
                guard let status = self.status(of: request.service) else {
                    throw ProtoHTTPError(code: .notFound, message: "no health status for service \"\(request.service)\"; ask for \"\" (the whole server) or a service the server reports.")
                }
                var response = Grpc_Health_V1_HealthCheckResponse()
                response.status = status
                return response
            },
        ])
    }
}
