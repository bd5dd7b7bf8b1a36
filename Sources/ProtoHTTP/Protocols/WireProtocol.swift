// WireProtocol.swift: the wire protocol strategy (plain, Connect, Twirp): content types, route, headers, error bodies.
public import HTTPTypes
public import ProtoHTTPCore


/// How a unary call looks on the wire: the body content types, the route of a method path,
/// protocol headers, and how an error response is read.
///
/// ```swift
/// config.wireProtocol = .connect                  // POST /pkg.Svc/Method, application/proto
/// config.wireProtocol = .connect(httpGet: true)   // and GET for NO_SIDE_EFFECTS methods
/// config.wireProtocol = .twirp                    // POST /twirp/pkg.Svc/Method, application/protobuf
/// options.wireProtocol = .plain()                 // per call: POST anywhere, application/x-protobuf
/// ```
public protocol WireProtocol: Sendable {
    /// The protocol this is an instance of: Connect, Twirp or plain HTTP. It identifies the
    /// call's protocol to interceptors (``CallInfo/rpcProtocol``), response caches and the
    /// offline queue, which replays a stored call with the manager's protocol of the same kind.
    /// A custom strategy names the protocol whose rules it follows on the wire.
    var rpcProtocol: RPCProtocol { get }
    /// The content types serializers use under this protocol.
    var serializationContext: SerializationContext { get }
    /// The path to request for `path` (a method path such as `/pkg.Service/Method`, or any path).
    func route(_ path: String) -> String
    /// Headers the protocol adds to every request; `timeout` is the call's deadline, if any.
    func headers(timeout: Duration?) -> HTTPFields
    /// The error a response stands for under this protocol, or `nil` when it is not an error
    /// the protocol defines (validation and serialization then take over).
    func error(from response: TransportResponse) -> ProtoHTTPError?
    /// The request to send for a POST the manager built, given the RPC method it calls (`nil`
    /// for a path). The default sends it unchanged; Connect may turn it into a GET.
    func finalize(_ request: TransportRequest, method: MethodDescriptor?) -> TransportRequest
    /// A successful response as validators and serializers see it: the response itself, except
    /// for protocols that frame messages (gRPC, gRPC-Web), which hand on the one message as the
    /// body, with the Content-Type of its codec (`application/proto` or `application/json`).
    func message(of response: TransportResponse) -> Result<TransportResponse, ProtoHTTPError>
}

extension WireProtocol {
    /// The request, unchanged.
    public func finalize(_ request: TransportRequest, method: MethodDescriptor?) -> TransportRequest { request }
    /// The response, as it is.
    public func message(of response: TransportResponse) -> Result<TransportResponse, ProtoHTTPError> { .success(response) }
}

extension WireProtocol where Self == PlainProtocol {
    /// Plain HTTP: POST a body to any URL; binary bodies as `application/x-protobuf`.
    public static func plain(binaryContentType: String = "application/x-protobuf") -> PlainProtocol {
        PlainProtocol(binaryContentType: binaryContentType)
    }
    /// Plain HTTP with `application/x-protobuf` binary bodies.
    public static var plain: PlainProtocol { PlainProtocol() }
}

extension WireProtocol where Self == ConnectProtocol {
    /// Connect unary, every call a POST.
    public static var connect: ConnectProtocol { ConnectProtocol() }
    /// Connect unary; with `httpGet`, methods marked `NO_SIDE_EFFECTS` are sent as GET while
    /// their URL stays within `maxGetURLLength` bytes (else POST).
    public static func connect(httpGet: Bool, maxGetURLLength: Int = ConnectProtocol.defaultMaxGetURLLength) -> ConnectProtocol {
        ConnectProtocol(httpGet: httpGet, maxGetURLLength: maxGetURLLength)
    }
}

extension WireProtocol where Self == TwirpProtocol {
    /// Twirp, under the `/twirp` prefix.
    public static var twirp: TwirpProtocol { TwirpProtocol() }
}

/// Plain HTTP: the path is used as given; error statuses are read as Connect-style JSON when
/// the body is one, and otherwise left to validation.
public struct PlainProtocol: WireProtocol {
    /// `RPCProtocol.plain`.
    public var rpcProtocol: RPCProtocol { .plain }
    /// `application/x-protobuf` (or `application/octet-stream`, as configured) and `application/json`.
    public var serializationContext: SerializationContext

    /// Creates the protocol; `binaryContentType` is typically `application/x-protobuf` or
    /// `application/octet-stream`.
    public init(binaryContentType: String = "application/x-protobuf") {
        serializationContext = SerializationContext(binaryContentType: binaryContentType)
    }

    /// The path, unchanged.
    public func route(_ path: String) -> String { path }
    /// None.
    public func headers(timeout: Duration?) -> HTTPFields { [:] }
    /// For an error status with a JSON body in Connect's error shape (`{"code": "not_found",
    /// "message": …}`, as ProtoHTTPServer's plain routes answer), that error with its code;
    /// otherwise `nil`, and the status validator judges the response.
    public func error(from response: TransportResponse) -> ProtoHTTPError? {
        guard !(200..<300).contains(response.status) else { return nil }
        return ConnectProtocol.structuredError(status: response.status, headers: response.headers, body: response.body)
    }
}
