// ServiceLayer.swift: the client and server layers, each generated into a file of its own.

/// A layer of generated service code that goes into its own file next to `<base>.pb.swift`, so
/// that a module compiles only the runtime it uses:
///
/// ```
/// <base>.pb.swift          messages, enums, extensions, service metadata   ProtoWire, ProtoHTTPCore
/// <base>.client.pb.swift   Clients=true: typed clients (ClientEmitter)      ProtoHTTP
/// <base>.server.pb.swift   Servers=true: handler protocols (ServerEmitter)  ProtoHTTPServer
/// <base>.mock.pb.swift     Mocks=true: client mocks (MockEmitter)           ProtoHTTP, ProtoHTTPTesting, Dispatch
/// ```
///
/// Layer files are written only for `.proto` files that declare a service.
enum ServiceLayer: CaseIterable {
    case client
    case server
    case mock

    /// What goes between the base name and `.pb.swift`: `client` or `server`.
    var fileInfix: String {
        switch self {
        case .client: "client"
        case .server: "server"
        case .mock: "mock"
        }
    }

    /// The runtime module the layer's code calls.
    var runtimeModule: String {
        switch self {
        case .client, .mock: ClientEmitter.clientModule
        case .server: ServerEmitter.serverModule
        }
    }

    /// Whether `options` ask for this layer (`Clients=true`, `Servers=true` or `Mocks=true`).
    func isEnabled(in options: GeneratorOptions) -> Bool {
        switch self {
        case .client: options.clients
        case .server: options.servers
        case .mock: options.mocks
        }
    }
}
