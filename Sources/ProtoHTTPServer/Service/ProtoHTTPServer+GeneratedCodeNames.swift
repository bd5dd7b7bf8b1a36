// ProtoHTTPServer+GeneratedCodeNames.swift: the server types generated handler code names, as members of ProtoHTTPServer.

public import ProtoWire

/// Generated code names runtime types with their module, so a user's type of the same name
/// (a package-less `message ServerContext`) cannot shadow them. In this module the class
/// `ProtoHTTPServer` shadows the module name (`ProtoHTTPServer.ServerContext` looks inside the
/// class), so the types generated handlers use are also the class's members, under names of
/// their own (an alias named like its type could not name the type it aliases):
///
/// ```swift
/// public protocol Pkg_GreeterHandler: ProtoHTTPServer.Service {
///     func sayHello(_ request: Pkg_HelloRequest, context: ProtoHTTPServer.Context) async throws -> Pkg_HelloReply
/// }
/// ```
///
/// They are the same types: a handler may spell its methods with ``ServerContext``.
extension ProtoHTTPServer {
    /// ``ProtoHTTPService``, what a generated handler protocol refines.
    public typealias Service = ProtoHTTPService
    /// ``ServerContext``, the per-call context a handler method receives.
    public typealias Context = ServerContext
    /// ``ServiceDefinition``, what a generated handler's `serviceDefinition` returns.
    public typealias Definition = ServiceDefinition
    /// ``RequestStream``, the request messages a client-streaming or bidirectional handler reads.
    public typealias Requests<Message: ProtoMessage> = RequestStream<Message>
    /// ``ResponseWriter``, where a server-streaming or bidirectional handler sends its responses.
    public typealias Writer<Message: ProtoMessage> = ResponseWriter<Message>
}
