// DemoClients.swift: the demo's client side: one transport, one ProtoHTTPManager per wire protocol, typed clients.
import ProtoHTTP
import ProtoHTTPCore

/// The wire protocols the client speaks, as the demo names them.
enum DemoWire: String, CaseIterable, Sendable {
    case connect, twirp, plain, grpc
    case grpcWeb = "grpc-web"

    /// The manager's protocol strategy.
    var wireProtocol: any WireProtocol {
        switch self {
        case .connect: ConnectProtocol()
        case .twirp: TwirpProtocol()
        case .plain: PlainProtocol()
        case .grpc: GRPCProtocol()
        case .grpcWeb: GRPCWebProtocol()
        }
    }

    /// What a call looks like on the wire, for the legend.
    var legend: String {
        switch self {
        case .connect: "connect  POST /notes.Notes/<Method>        application/proto      | application/json"
        case .twirp: "twirp    POST /twirp/notes.Notes/<Method>  application/protobuf   | application/json"
        case .plain: "plain    POST /notes.Notes/<Method>        application/x-protobuf | application/json"
        case .grpc: "grpc     POST /notes.Notes/<Method> (h2c)  application/grpc       | application/grpc+json"
        case .grpcWeb: "grpc-web POST /notes.Notes/<Method>        application/grpc-web+proto | application/grpc-web+json"
        }
    }
}

/// One `HTTPTransport` (one curl thread, one connection cache) shared by a manager per protocol.
struct DemoClients: Sendable {
    let transport: HTTPTransport
    private let connect: ProtoHTTPManager
    private let twirp: ProtoHTTPManager
    private let plain: ProtoHTTPManager
    private let grpc: ProtoHTTPManager
    private let grpcWeb: ProtoHTTPManager

    /// Managers for the server at `baseURL`.
    init(baseURL: String) throws(ProtoHTTPError) {
        let shared = try HTTPTransport()
        transport = shared
        connect = try Self.manager(.connect, baseURL: baseURL, transport: shared)
        twirp = try Self.manager(.twirp, baseURL: baseURL, transport: shared)
        plain = try Self.manager(.plain, baseURL: baseURL, transport: shared)
        grpc = try Self.manager(.grpc, baseURL: baseURL, transport: shared)
        grpcWeb = try Self.manager(.grpcWeb, baseURL: baseURL, transport: shared)
    }

    private static func manager(_ wire: DemoWire, baseURL: String, transport: HTTPTransport) throws(ProtoHTTPError) -> ProtoHTTPManager {
        var configuration = ManagerConfiguration(baseURL: baseURL)
        configuration.wireProtocol = wire.wireProtocol
        configuration.timeout = .seconds(10)
        return try ProtoHTTPManager(configuration: configuration, transport: transport)
    }

    /// The manager that speaks `wire`.
    func manager(_ wire: DemoWire) -> ProtoHTTPManager {
        switch wire {
        case .connect: connect
        case .twirp: twirp
        case .plain: plain
        case .grpc: grpc
        case .grpcWeb: grpcWeb
        }
    }

    /// The generated typed client over `wire`.
    func notes(_ wire: DemoWire) -> Notes_NotesClient {
        Notes_NotesClient(manager: manager(wire))
    }
}
