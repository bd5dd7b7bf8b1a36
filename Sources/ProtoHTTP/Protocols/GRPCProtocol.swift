// GRPCProtocol.swift: gRPC unary calls over HTTP/2: POST /pkg.Service/Method, framed message, status in trailers.
public import HTTPTypes
public import ProtoHTTPCore

/// gRPC unary calls (github.com/grpc/grpc/blob/master/doc/PROTOCOL-HTTP2.md):
/// `POST /pkg.Service/Method` over HTTP/2, `Content-Type: application/grpc` (or
/// `application/grpc+json`), `te: trailers`, the message behind a 5-byte prefix, the deadline in
/// `grpc-timeout`, and the outcome in the trailers' `grpc-status`, `grpc-message` and
/// `grpc-status-details-bin` (whose details become `ProtoHTTPError.details`).
///
/// gRPC needs HTTP/2: an `https://` URL negotiates it with ALPN, and an `http://` URL uses h2c
/// with prior knowledge, whatever the transport's ``TransportConfiguration/httpVersion``.
/// Request compression (``ManagerConfiguration/requestCompression``) compresses the message,
/// flagged and named in `grpc-encoding`; gzipped responses are read the same way.
///
/// ```swift
/// var config = ManagerConfiguration(baseURL: "http://127.0.0.1:8080")
/// config.wireProtocol = .grpc
/// ```
public struct GRPCProtocol: WireProtocol {
    /// `RPCProtocol.grpc`.
    public var rpcProtocol: RPCProtocol { .grpc }
    /// `application/grpc` and `application/grpc+json`.
    public var serializationContext: SerializationContext {
        SerializationContext(binaryContentType: MediaType.grpc, jsonContentType: MediaType.grpcJSON)
    }

    /// The protocol.
    public init() {}

    /// The method path, unchanged (`/pkg.Service/Method`).
    public func route(_ path: String) -> String { path }

    /// `te: trailers`, `grpc-accept-encoding`, and `grpc-timeout` for a deadline.
    public func headers(timeout: Duration?) -> HTTPFields {
        GRPCClientFraming.headers(first: HTTPField(name: .te, value: "trailers"), timeout: timeout)
    }

    /// The request with its message framed, over HTTP/2 (prior knowledge for `http://`),
    /// without HTTP content negotiation (``TransportRequest/negotiatesContent``).
    public func finalize(_ request: TransportRequest, method: MethodDescriptor?) -> TransportRequest {
        var request = GRPCClientFraming.frame(request)
        let isTLS = request.url.utf8.prefix(6).map(HTTPText.asciiLowercased).elementsEqual("https:".utf8)
        request.httpVersion = isTLS ? .http2 : .http2PriorKnowledge
        request.negotiatesContent = false
        return request
    }

    /// The error of a response whose `grpc-status` is not 0 (or that has none).
    public func error(from response: TransportResponse) -> ProtoHTTPError? {
        GRPCClientFraming.error(from: response, web: false)
    }

    /// The response with its one message, unframed and inflated, as the body.
    public func message(of response: TransportResponse) -> Result<TransportResponse, ProtoHTTPError> {
        GRPCClientFraming.message(of: response, web: false)
    }
}

/// gRPC-Web unary calls (github.com/grpc/grpc/blob/master/doc/PROTOCOL-WEB.md): as gRPC, over
/// HTTP/1.1 or HTTP/2, `Content-Type: application/grpc-web+proto` (or `+json`), and the status
/// in a trailer frame at the end of the body rather than in HTTP trailers. With ``text`` the
/// body goes as base64 (`application/grpc-web-text`), for proxies that pass only text; responses
/// in the text form are read either way.
///
/// ```swift
/// config.wireProtocol = .grpcWeb
/// config.wireProtocol = GRPCWebProtocol(text: true)   // application/grpc-web-text
/// ```
public struct GRPCWebProtocol: WireProtocol {
    /// `RPCProtocol.grpcWeb`.
    public var rpcProtocol: RPCProtocol { .grpcWeb }
    /// Whether bodies go as base64 text (`application/grpc-web-text`).
    public var text: Bool
    /// `application/grpc-web+proto` and `application/grpc-web+json`; with ``text``,
    /// `application/grpc-web-text` and `application/grpc-web-text+json`.
    public var serializationContext: SerializationContext {
        text ? SerializationContext(binaryContentType: MediaType.grpcWebText, jsonContentType: MediaType.grpcWebText + "+json")
             : SerializationContext(binaryContentType: MediaType.grpcWebProto, jsonContentType: MediaType.grpcWebJSON)
    }

    /// The protocol; `text` sends bodies as base64.
    public init(text: Bool = false) {
        self.text = text
    }

    /// The method path, unchanged (`/pkg.Service/Method`).
    public func route(_ path: String) -> String { path }

    /// `x-grpc-web: 1`, `grpc-accept-encoding`, and `grpc-timeout` for a deadline.
    public func headers(timeout: Duration?) -> HTTPFields {
        GRPCClientFraming.headers(first: HTTPField(name: .xGRPCWeb, value: "1"), timeout: timeout)
    }

    /// The request with its message framed (and, with ``text``, in base64).
    public func finalize(_ request: TransportRequest, method: MethodDescriptor?) -> TransportRequest {
        var framed = GRPCClientFraming.frame(request)
        if text, let body = framed.body { framed.body = Array(GRPCBinaryHeader.encode(body).utf8) }
        return framed
    }

    /// The error of a response whose `grpc-status` (trailer frame or headers) is not 0, or that has none.
    public func error(from response: TransportResponse) -> ProtoHTTPError? {
        GRPCClientFraming.error(from: response, web: true)
    }

    /// The response with its one message, unframed and inflated, as the body.
    public func message(of response: TransportResponse) -> Result<TransportResponse, ProtoHTTPError> {
        GRPCClientFraming.message(of: response, web: true)
    }
}

extension WireProtocol where Self == GRPCProtocol {
    /// gRPC over HTTP/2 (h2c with prior knowledge for `http://`).
    public static var grpc: GRPCProtocol { GRPCProtocol() }
}

extension WireProtocol where Self == GRPCWebProtocol {
    /// gRPC-Web, over HTTP/1.1 or HTTP/2.
    public static var grpcWeb: GRPCWebProtocol { GRPCWebProtocol() }
}
