// HealthService.swift: grpc.health.v1.Health/Check and Watch, answered from statuses the application sets.
import Synchronization
import ProtoHTTPCore

/// The standard gRPC health-checking service (`grpc.health.v1.Health`), for load balancers,
/// Kubernetes probes and `grpc_health_probe`. Register it beside your services; `Check` answers
/// over every protocol the server speaks (gRPC, gRPC-Web, Connect, Twirp), `Watch` over those
/// with streams (gRPC, gRPC-Web, Connect).
///
/// The empty service name stands for the server as a whole. `Check` answers a name the service
/// was never told about `not_found`; `Watch` sends `SERVICE_UNKNOWN` for it and stays open, as
/// the protocol asks, sending the state again at each change until the client goes away.
///
/// ```swift
/// let health = HealthService(serving: ["notes.Notes"])     // "" and notes.Notes are SERVING
/// let server = try ProtoHTTPServer(configuration: config, services: [notes, health])
/// health.setStatus(.notServing, for: "notes.Notes")        // e.g. while its database is down
/// ```
public final class HealthService: ProtoHTTPService {
    /// A service's state, as `grpc.health.v1.HealthCheckResponse` names it.
    public typealias Status = Grpc_Health_V1_HealthCheckResponse.ServingStatus

    private let statuses: Mutex<[String: Status]>
    /// Each open `Watch` call: the service it watches and where its changes go.
    private let watchers = Mutex<[Int: (service: String, changes: AsyncStream<Status>.Continuation)]>([:])
    private let nextWatcher = Mutex(0)

    /// A health service that reports the server (`""`) and each of `services` as SERVING.
    public init(serving services: [String] = []) {
        var initial: [String: Status] = ["": .serving]
        for service in services { initial[service] = .serving }
        statuses = Mutex(initial)
    }

    /// Sets the state `Check` reports for `service` (`""` for the whole server).
    public func setStatus(_ status: Status, for service: String = "") {
        let changed = statuses.withLock { table -> Bool in
            defer { table[service] = status }
            return table[service] != status
        }
        if changed { tell(service, status) }
    }

    /// The state reported for `service`, or `nil` when it was never set.
    public func status(of service: String) -> Status? {
        statuses.withLock { $0[service] }
    }

    /// Reports every known service, and the server, as NOT_SERVING: call it when shutdown
    /// begins, so balancers stop sending new calls while the last ones finish.
    public func enterNotServing() {
        let changed = statuses.withLock { table -> [String] in
            let changed = table.filter { $0.value != .notServing }.map(\.key)
            for key in table.keys { table[key] = .notServing }
            return changed
        }
        for service in changed { tell(service, .notServing) }
    }

    /// Hands a new state to the `Watch` calls of `service`.
    private func tell(_ service: String, _ status: Status) {
        let changes = watchers.withLock { $0.values.filter { $0.service == service }.map(\.changes) }
        for change in changes { change.yield(status) }
    }

    /// The states a `Watch` of `service` sends: the one now (`SERVICE_UNKNOWN` for a service
    /// never set), then each change, until the caller stops listening.
    private func watch(_ service: String) -> AsyncStream<Status> {
        let id = nextWatcher.withLock { next in
            defer { next += 1 }
            return next
        }
        let (stream, changes) = AsyncStream.makeStream(of: Status.self, bufferingPolicy: .bufferingNewest(1))
        changes.onTermination = { [weak self] _ in self?.watchers.withLock { _ = $0.removeValue(forKey: id) } }
        watchers.withLock { $0[id] = (service, changes) }
        changes.yield(status(of: service) ?? .serviceUnknown)
        return stream
    }

    /// `grpc.health.v1.Health` with its `Check` and `Watch` methods.
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
            .serverStreaming(Grpc_Health_V1_HealthMetadata.Watch.self) { [self] request, response, _ in
                for await status in self.watch(request.service) {
                    var message = Grpc_Health_V1_HealthCheckResponse()
                    message.status = status
                    try await response.send(message)
                }
            },
        ], fileDescriptors: Grpc_Health_V1_HealthMetadata.fileDescriptors)
    }
}
