// PreparedCall.swift: stage 1 of a manager call, prepare: options resolved against the manager, body serialized, request built.
import Dispatch
import Foundation
import ProtoHTTPCore
import ProtoHTTPObservability

/// Everything a call needs before it is sent, resolved once from the manager's configuration
/// and the call's options. Preparing is pure: it sends nothing and registers nothing.
///
/// ```
///  prepare ──► intercept ──► send ──► settle
///  ^^^^^^^
///  options + configuration → URL, headers, body (gzipped if configured), protocol, validators, deadline
/// ```
///
/// A class, not a struct: the settle stage and every attempt capture it, and a reference costs
/// one retain where a struct of requests, headers and existentials costs one per field.
final class PreparedCall: Sendable {
    /// What the call calls.
    let target: CallTarget
    /// The request the interceptor chain starts from.
    let request: TransportRequest
    /// What interceptors learn about the call.
    let info: CallInfo
    /// How responses are read.
    let wireProtocol: any WireProtocol
    /// The checks before serialization.
    let validators: [any ResponseValidator]
    /// When the call must have finished, if ever.
    let deadline: CallDeadline?
    /// The body as serialized, before any compression (`nil` for GET and HEAD).
    let body: SerializedBody?
    /// The query items the input became (GET and HEAD; empty otherwise).
    let query: [QueryItem]
    /// The manager's ``ManagerConfiguration/appVersion`` when the call was prepared.
    let appVersion: String?
    /// The same call prepared with its message in proto3 JSON, for a server that answers the
    /// binary body with 415 (``ManagerConfiguration/fallbackToJSON``); `nil` when the call cannot
    /// fall back.
    let jsonFallback: (@Sendable () throws(ProtoHTTPError) -> PreparedCall)?

    init(target: CallTarget, request: TransportRequest, info: CallInfo, wireProtocol: any WireProtocol,
         validators: [any ResponseValidator], deadline: CallDeadline?, body: SerializedBody? = nil, query: [QueryItem] = [],
         appVersion: String? = nil, jsonFallback: (@Sendable () throws(ProtoHTTPError) -> PreparedCall)? = nil) {
        self.target = target
        self.request = request
        self.info = info
        self.wireProtocol = wireProtocol
        self.validators = validators
        self.deadline = deadline
        self.body = body
        self.query = query
        self.appVersion = appVersion
        self.jsonFallback = jsonFallback
    }
}

extension ProtoHTTPManager {
    /// The deadline a call with `options` gets if it starts now, under the manager's timeout
    /// and the deadline of the handler it runs in.
    func deadline(for options: CallOptions, configuration: ManagerConfiguration) -> CallDeadline? {
        options.timeout.resolved(manager: configuration.timeout, inheriting: configuration.inheritsHandlerDeadline)
            .map { CallDeadline(timeout: $0, clock: registry.clock) }
    }

    /// The call's protocol: its own, else the manager's, else Connect for an RPC method and
    /// plain HTTP for a path.
    func wireProtocol(for target: CallTarget, options: CallOptions, configuration: ManagerConfiguration) -> any WireProtocol {
        if let chosen = options.wireProtocol ?? configuration.wireProtocol { return chosen }
        return target.rpc == nil ? PlainProtocol() : ConnectProtocol()
    }

    /// Stage 1: resolves `options` against the configuration and serializes `input`.
    ///
    /// - Throws: the serializer's error; nothing has been sent.
    func prepare<S: RequestSerializer>(
        info: CallInfo, target: CallTarget, input: S.Input, serializer: S,
        options: CallOptions, settings: SettingsSnapshot, deadline: CallDeadline?, observation: RPCCallObservation? = nil,
        jsonFallback: (@Sendable () throws(ProtoHTTPError) -> PreparedCall)? = nil
    ) throws(ProtoHTTPError) -> PreparedCall {
        let wireProtocol = wireProtocol(for: target, options: options, configuration: settings.configuration)
        let path = target.path
        if wireProtocol.rpcProtocol.usesTrailers, target.httpMethod != .post {
            throw ProtoHTTPError(code: .invalidArgument, message: "\(target.httpMethod) \(path) cannot go over \(wireProtocol.rpcProtocol): every gRPC and gRPC-Web call is a POST of one framed message; call it with post (or unary), or over Connect for a GET.")
        }
        let composition = RequestComposition(settings: settings, options: options)
        if composition.usesCDN, settings.configuration.cdnBaseURL == nil, !RequestComposition.isAbsolute(path) {
            throw ProtoHTTPError(code: .invalidArgument, message: "the call to \(path) sets CallOptions.useCDN, but the manager has no ManagerConfiguration.cdnBaseURL; set it, or send the call without useCDN.")
        }
        var context = wireProtocol.serializationContext
        context.encoding = options.encoding ?? settings.configuration.encoding
        // GET and HEAD carry the input in the query and send no body.
        var body = target.httpMethod.sendsBody ? try serializer.serialize(input, context: context) : nil
        let query = target.httpMethod.sendsBody ? [] : try serializer.queryItems(input, context: context)
        // The general parameters: in the query, merged into the body, or in a header.
        let place = settings.configuration.parameters.isEmpty
            ? .query : BodyParameters.place(settings.configuration.parameterPlacement, method: target.httpMethod, body: body)
        let url = composition.url(path, wireProtocol: wireProtocol, query: query, info: info, generalInQuery: place == .query)
        var headers = composition.headers(protocolHeaders: wireProtocol.headers(timeout: deadline?.timeout), contentType: body?.contentType,
                                          url: url)
        if place != .query {
            let general = composition.generalParameters(for: url, path: path)
            switch place {
            case .body where !general.isEmpty: body = body.map { BodyParameters.merging(general, into: $0) }
            case .header(let name) where !general.isEmpty && headers[name] == nil:
                headers[name] = FormURLEncodedRequestSerializer.encode(general)
            default: break
            }
        }
        var request = TransportRequest(
            method: target.httpMethod,
            url: url,
            headers: headers,
            body: body?.form == nil && body?.filePath == nil ? body?.bytes : nil,
            multipart: body?.form
        )
        request.uploadFile = body?.filePath
        request.priority = options.priority
        // Compressed before finalizing, so a Connect GET can move the encoding into its query.
        request = (options.requestCompression ?? settings.configuration.requestCompression).apply(to: request)
        if target.httpMethod == .post { request = wireProtocol.finalize(request, method: target.rpc) }
        // A call retried although repeating it is not known to be safe: one key for all its attempts.
        let policy = options.retryPolicy ?? settings.configuration.retryPolicy
        if policy.needsIdempotencyKey(safe: target.isSafeToRepeat), request.headers[.idempotencyKey] == nil {
            request.headers[.idempotencyKey] = UUID().uuidString.lowercased()
        }
        if let observation {
            observation.inject(into: &request.headers)   // the span's context: traceparent with a W3C propagator
            observation.noteRequest(bytes: body?.bytes.count ?? 0)   // the message, before compression and framing
        }
        return PreparedCall(target: target, request: request, info: info, wireProtocol: wireProtocol,
                            validators: options.validators ?? settings.configuration.validators, deadline: deadline,
                            body: body, query: query, appVersion: settings.configuration.appVersion,
                            jsonFallback: JSONFallback.isBinaryMessage(body) ? jsonFallback : nil)
    }
}

extension CallDeadline {
    /// How far past a call's deadline its transfer's own limit (`CURLOPT_TIMEOUT_MS`) is set.
    /// The manager's timer owns the deadline and stops the transfer; the transfer's limit is
    /// only a backstop, set later so the error a caller sees is always the deadline's.
    static let transferBackstop: Duration = .seconds(1)
}

/// What a call is aimed at: an HTTP method and a path or URL, and the RPC method when the call
/// was made through one.
struct CallTarget: Sendable {
    /// The HTTP method.
    var httpMethod: HTTPMethod
    /// A method path, a path under the base URL, or an absolute URL.
    var path: String
    /// The RPC method's description, for calls made with `unary`.
    var rpc: MethodDescriptor?

    /// Whether the call may be repeated: its RPC method is idempotent or side-effect free, or,
    /// for a path, its HTTP method is idempotent.
    var isSafeToRepeat: Bool {
        rpc?.idempotencyLevel.isIdempotent ?? httpMethod.isIdempotent
    }
}
