// ProtoHTTPManager.swift: the manager: configuration, the transport, live calls and their cancellation.
import Dispatch
import Logging

/// The client entry point, in the role of AFHTTPSessionManager / XMCenter: it merges the base
/// URL, general headers and parameters into every call, applies the wire protocol, runs the
/// interceptor chain, validates and serializes responses, and delivers callbacks on its
/// callback queue.
///
/// ```swift
/// var configuration = ManagerConfiguration(baseURL: "http://127.0.0.1:8080")
/// configuration.wireProtocol = .connect
/// let manager = try ProtoHTTPManager(configuration: configuration)
/// manager.post(Pkg_GreeterMetadata.SayHello.path, request, as: Pkg_HelloReply.self,
///              completion: { print("sent") },
///              success: { reply, metadata in print(reply.message, metadata.status) },
///              failure: { error in print(error) })
/// let reply = try await manager.post(Pkg_GreeterMetadata.SayHello.path, request, as: Pkg_HelloReply.self)
/// ```
public final class ProtoHTTPManager: Sendable {
    /// The settings every call starts from.
    public let configuration: ManagerConfiguration
    /// The transport the calls go through.
    public let transport: HTTPTransport
    /// Where callbacks run.
    public let callbackQueue: DispatchQueue
    /// The live calls and their deadline timer.
    let registry: CallRegistry
    /// Where interceptors run and responses are validated and decoded, off the transport
    /// thread and the callback queue. Marked with ``workQueueKey``.
    let workQueue: DispatchQueue
    /// Set on ``workQueue``, so a stage can tell it already runs there and skip a hop.
    static let workQueueKey = DispatchSpecificKey<Bool>()

    /// Creates a manager on `transport` (a new one by default).
    ///
    /// - Throws: ``ProtoHTTPError`` when a new transport cannot start.
    public init(configuration: ManagerConfiguration = ManagerConfiguration(), transport: HTTPTransport? = nil) throws(ProtoHTTPError) {
        self.configuration = configuration
        if let transport {
            self.transport = transport
        } else {
            self.transport = try HTTPTransport()
        }
        self.callbackQueue = configuration.callbackQueue ?? DispatchQueue(label: "ProtoHTTP.manager.callbacks", target: .global())
        let workQueue = DispatchQueue(label: "ProtoHTTP.manager.work", attributes: .concurrent)
        workQueue.setSpecific(key: Self.workQueueKey, value: true)
        self.workQueue = workQueue
        self.registry = CallRegistry(deadlineQueue: DispatchQueue(label: "ProtoHTTP.manager.deadlines", target: workQueue))
    }

    /// The number of calls that have not finished.
    public var liveCallCount: Int { registry.count }

    /// Cancels the call with this id, if it is still live.
    public func cancel(id: UInt64) { registry.select { $0.id == id }.forEach { $0.cancel() } }
    /// Cancels every live call with this tag.
    public func cancelAll(tag: Int) { registry.select { $0.tag == tag }.forEach { $0.cancel() } }
    /// Cancels every live call in this category.
    public func cancelAll(category: String) { registry.select { $0.category == category }.forEach { $0.cancel() } }
    /// Cancels every live call.
    public func cancelAll() { registry.select { _ in true }.forEach { $0.cancel() } }

    /// The URL for `path`: itself when absolute, else the base URL, the protocol's route; then
    /// the merged query parameters and `query` (a GET's input).
    func makeURL(_ path: String, wireProtocol: any WireProtocol, parameters: [String: String], query: [QueryItem] = []) -> String {
        var url: String
        if Self.isAbsolute(path) {
            url = path
        } else {
            let base = configuration.baseURL ?? ""
            let route = wireProtocol.route(path)
            url = base.hasSuffix("/") && route.hasPrefix("/") ? base + route.dropFirst() : base + route
        }
        let merged = configuration.parameters.merging(parameters) { $1 }
        var pairs = merged.isEmpty ? [] : [FormURLEncodedRequestSerializer.encode(merged)]
        pairs += query.map(\.description)
        if !pairs.isEmpty {
            url += (url.utf8.contains(UInt8(ascii: "?")) ? "&" : "?") + pairs.joined(separator: "&")
        }
        return url
    }

    /// Whether `path` contains `"://"`. Scans the UTF-8 bytes: with Foundation in the module,
    /// `String.contains(_:)` resolves to Foundation's, which bridges through `NSString`.
    static func isAbsolute(_ path: String) -> Bool {
        var run = 0  // how much of "://" the bytes just seen spell
        for byte in path.utf8 {
            switch (byte, run) {
            case (UInt8(ascii: ":"), _): run = 1
            case (UInt8(ascii: "/"), 1): run = 2
            case (UInt8(ascii: "/"), 2): return true
            default: run = 0
            }
        }
        return false
    }

    /// The manager's headers, then the protocol's, the body's Content-Type, and the call's;
    /// a later header replaces an earlier one of the same name.
    func makeHeaders(protocolHeaders: [HTTPHeader], contentType: String?, callHeaders: [HTTPHeader]) -> [HTTPHeader] {
        var headers: [HTTPHeader] = []
        func put(_ header: HTTPHeader) {
            headers.removeAll { $0.name.lowercased() == header.name.lowercased() }
            headers.append(header)
        }
        configuration.headers.forEach(put)
        protocolHeaders.forEach(put)
        if let contentType { put(HTTPHeader(name: "Content-Type", value: contentType)) }
        callHeaders.forEach(put)
        return headers
    }
}
