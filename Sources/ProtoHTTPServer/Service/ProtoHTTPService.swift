// ProtoHTTPService.swift: what a server serves: a service's name, its methods and the files that define it.
public import ProtoHTTPCore

/// A service the server can serve. Generated handler protocols (`Servers=true`) conform to it
/// through an extension that builds ``serviceDefinition`` from the handler's methods, so
/// registering a handler is one line:
///
/// ```swift
/// struct Notes: Acme_NotesServiceHandler { … }          // generated protocol, your methods
/// let server = try ProtoHTTPServer(services: [Notes()])
/// ```
public protocol ProtoHTTPService: Sendable {
    /// The service's methods, each bound to the handler.
    var serviceDefinition: ServiceDefinition { get }
}

/// A protobuf service as the server sees it: the fully qualified name, the methods, and the
/// files it was defined in.
public struct ServiceDefinition: Sendable {
    /// The fully qualified service name, `pkg.Service`.
    public var name: String
    /// The methods, each with its `/pkg.Service/Method` path.
    public var methods: [MethodDefinition]
    /// The `.proto` files that define the service, which server reflection describes it from
    /// (generated handlers pass their metadata's; a definition built by hand has none).
    public var fileDescriptors: ProtoFileDescriptors
    /// Interceptors around each of this service's handlers, inside the server's
    /// (``ServerConfiguration/interceptors``); ``ProtoHTTPService/intercepted(by:)`` adds to them.
    public var interceptors: [any ServerInterceptor] = []

    /// A service named `name` (its full protobuf name) that serves `methods`, defined in
    /// `fileDescriptors`.
    public init(name: String, methods: [MethodDefinition], fileDescriptors: ProtoFileDescriptors = .none,
                interceptors: [any ServerInterceptor] = []) {
        self.name = name
        self.methods = methods
        self.fileDescriptors = fileDescriptors
        self.interceptors = interceptors
    }

    /// The methods with their interceptors resolved: `outer` (the server's), then the service's.
    func resolvingInterceptors(outer: [any ServerInterceptor]) -> ServiceDefinition {
        let chain = InterceptorChain(interceptors: outer + interceptors)
        var resolved = self
        resolved.methods = methods.map { method in
            var method = method
            method.interceptors = chain
            return method
        }
        return resolved
    }
}

extension ServiceDefinition: ProtoHTTPService {
    /// The definition itself, so hand-built definitions register like generated handlers.
    public var serviceDefinition: ServiceDefinition { self }
}
