// GRPCClientFraming.swift: what gRPC and gRPC-Web clients share: framing the request, reading status and message.
import HTTPTypes
import ProtoHTTPGzip
import ProtoWire
import ProtoHTTPCore

/// The client side of gRPC's length-prefixed messages and trailer status, for ``GRPCProtocol``
/// and ``GRPCWebProtocol``.
enum GRPCClientFraming {
    /// The protocol headers: `first` (gRPC's `te`, gRPC-Web's `x-grpc-web`), then
    /// `grpc-accept-encoding` and, for a deadline, `grpc-timeout`.
    static func headers(first: HTTPField, timeout: Duration?) -> HTTPFields {
        // Appended, not keyed: a keyed set on an HTTPFields looks the name up and splices.
        var fields = HTTPFields()
        fields.reserveCapacity(3)
        fields.append(first)
        fields.append(HTTPField(name: .grpcAcceptEncoding, value: "gzip,identity"))
        if let timeout { fields.append(HTTPField(name: .grpcTimeout, value: GRPCTimeout.format(timeout))) }
        return fields
    }

    /// `request` with its body as one frame. A body the request layer gzipped
    /// (`Content-Encoding: gzip`) becomes a compressed frame with `grpc-encoding: gzip`: gRPC
    /// compresses messages, never the whole body.
    static func frame(_ request: TransportRequest) -> TransportRequest {
        var request = request
        var flags: UInt8 = 0
        if request.headers[.contentEncoding]?.lowercased() == "gzip" {
            request.headers[.contentEncoding] = nil
            request.headers[.grpcEncoding] = "gzip"
            flags = GRPCFrame.compressedFlag
        }
        request.body = GRPCFrame(flags: flags, payload: request.body ?? []).bytes
        return request
    }

    /// How a response ended: its status fields and its message frames.
    struct Reading {
        var status: StatusFields
        var messages: [GRPCFrame]
        /// gRPC-Web's trailer frame's fields (gRPC's trailers are the response's own).
        var webTrailers: HTTPFields = [:]
    }

    /// Where a response's status is read, in the order the fields count: gRPC-Web trailer
    /// frames (the last first), the trailers, then the headers (where a trailers-only answer
    /// puts them). Looked up in place: merging them into one `HTTPFields` cost ~4,000
    /// instructions a call (callgrind), appending field by field across the module boundary.
    struct StatusFields {
        private(set) var sources: [HTTPFields]

        init(trailers: HTTPFields, headers: HTTPFields) {
            sources = [trailers, headers]
        }

        /// Puts a gRPC-Web trailer frame's fields ahead of the others.
        mutating func prepend(_ fields: HTTPFields) {
            sources.insert(fields, at: 0)
        }

        /// The first value of `name` in the first source that has it.
        func firstValue(_ name: HTTPField.Name) -> String? {
            for fields in sources {
                if let value = fields.firstValue(name) { return value }
            }
            return nil
        }
    }

    /// The status fields and message frames of `response`; gRPC-Web's trailer frame is taken
    /// out of the body (after undoing the text form's base64).
    static func read(_ response: TransportResponse, web: Bool) -> Result<Reading, ProtoHTTPError> {
        var body = response.body
        if web, MediaType(response.headers.firstValue(.contentType) ?? "").essence.hasPrefix(MediaType.grpcWebText) {
            guard let decoded = body.withUnsafeBytes({ Base64.decode($0) }) else {
                return .failure(malformed("the \(MediaType.grpcWebText) response body is not base64", response))
            }
            body = decoded
        }
        let frames: [GRPCFrame]
        switch GRPCFrame.parse(body) {
        case .success(let parsed): frames = parsed
        case .failure(let failure): return .failure(malformed("the response body is not whole gRPC messages: \(failure)", response))
        }
        var status = StatusFields(trailers: response.trailers, headers: response.headers)
        var messages: [GRPCFrame] = []
        var webTrailers = HTTPFields()
        for frame in frames {
            if frame.isTrailers {
                guard web, let trailers = GRPCWebTrailers.decode(frame.payload) else {
                    return .failure(malformed("the response's trailer frame is not header lines", response))
                }
                status.prepend(trailers)
                webTrailers += trailers
            } else {
                messages.append(frame)
            }
        }
        return .success(Reading(status: status, messages: messages, webTrailers: webTrailers))
    }

    /// The error `response` stands for: an HTTP status other than 200 (mapped as gRPC's
    /// HTTP-to-status table says, unless `grpc-status` is there), a non-zero `grpc-status` with
    /// its message and details, no status at all, or a body that is not gRPC messages.
    static func error(from response: TransportResponse, web: Bool) -> ProtoHTTPError? {
        let reading: Reading
        switch read(response, web: web) {
        case .success(let value): reading = value
        case .failure(let error):
            return response.status == 200 ? error : httpError(response)
        }
        guard let statusText = reading.status.firstValue(.grpcStatus) else {
            if response.status != 200 { return httpError(response) }
            return malformed("the response has no grpc-status (neither in its trailers nor its headers); the server is not speaking gRPC, or the connection was cut", response)
        }
        guard let number = Int(HTTPText.trimmed(statusText)) else {
            return malformed("grpc-status \"\(statusText)\" is not a number", response)
        }
        if number == 0 { return response.status == 200 ? nil : httpError(response) }
        let message = reading.status.firstValue(.grpcMessage).map(GRPCStatusMessage.decode) ?? ""
        var error = ProtoHTTPError(code: ProtoHTTPError.Code(rawValue: number) ?? .unknown, message: message, httpStatus: response.status,
                                   responseBody: response.body)
        if let detailsText = reading.status.firstValue(.grpcStatusDetailsBin), let decoded = GRPCStatusDetails.decode(detailsText) {
            error.details = decoded.details
            if error.message.isEmpty { error.message = decoded.message }
        }
        return error
    }

    /// `response` with its one message, inflated when its frame is compressed, as the body,
    /// and gRPC-Web's trailer frame among its trailers. The headers stay as sent: serializers
    /// read `application/grpc…+json` as JSON and other types as binary under gRPC.
    static func message(of response: TransportResponse, web: Bool) -> Result<TransportResponse, ProtoHTTPError> {
        let reading: Reading
        switch read(response, web: web) {
        case .success(let value): reading = value
        case .failure(let error): return .failure(error)
        }
        return message(of: response, reading).map { body in
            var unwrapped = response
            unwrapped.body = body
            unwrapped.trailers += reading.webTrailers
            return unwrapped
        }
    }

    /// The one response message, inflated when its frame is compressed.
    private static func message(of response: TransportResponse, _ reading: Reading) -> Result<[UInt8], ProtoHTTPError> {
        guard reading.messages.count == 1, let frame = reading.messages.first else {
            return .failure(malformed("a unary call's response carries \(reading.messages.count) messages, not one", response))
        }
        guard frame.isCompressed else { return .success(frame.payload) }
        let encoding = HTTPText.trimmed(response.headers.firstValue(.grpcEncoding) ?? "identity").lowercased()
        guard encoding == "gzip" else {
            return .failure(ProtoHTTPError(code: .internal, message: "the response message is compressed with \"\(encoding)\", which this client does not read (it asked for gzip or identity).",
                                           httpStatus: response.status))
        }
        switch Gzip.inflate(frame.payload, limit: .max) {
        case .success(let inflated): return .success(inflated)
        case .failure(let failure):
            return .failure(malformed("the compressed response message is not valid gzip (\(failure))", response))
        }
    }

    /// A non-200 answer without a gRPC status, by gRPC's table (400 internal, 401
    /// unauthenticated, 403 permission denied, 404 unimplemented, 429/502/503/504 unavailable,
    /// others unknown).
    private static func httpError(_ response: TransportResponse) -> ProtoHTTPError {
        let code: ProtoHTTPError.Code = switch response.status {
        case 400: .internal
        case 401: .unauthenticated
        case 403: .permissionDenied
        case 404: .unimplemented
        case 429, 502, 503, 504: .unavailable
        default: .unknown
        }
        var message = "the server answered HTTP \(response.status) without a gRPC status"
        if let grpcMessage = response.headers.firstValue(.grpcMessage) { message += ": \(GRPCStatusMessage.decode(grpcMessage))" }
        return ProtoHTTPError(code: code, message: message + ".", httpStatus: response.status, responseBody: response.body)
    }

    private static func malformed(_ what: String, _ response: TransportResponse) -> ProtoHTTPError {
        ProtoHTTPError(code: .internal, message: "\(what); check that the URL points to a gRPC server.", httpStatus: response.status, responseBody: response.body)
    }
}
