// Code+HTTPStatus.swift: the RPC codes' HTTP statuses in Connect's and Twirp's tables, both ways.

extension ProtoHTTPError.Code {
    /// The code Connect's specification assigns to an HTTP status when the body is not a
    /// Connect error: 400 internal, 401 unauthenticated, 403 permission_denied,
    /// 404 unimplemented, 429/502/503/504 unavailable, anything else unknown.
    public init(httpStatus: Int) {
        switch httpStatus {
        case 400: self = .internal
        case 401: self = .unauthenticated
        case 403: self = .permissionDenied
        case 404: self = .unimplemented
        case 429, 502, 503, 504: self = .unavailable
        default: self = .unknown
        }
    }

    /// The HTTP status Connect's specification gives this code (canceled 499, unknown 500,
    /// invalid_argument 400, deadline_exceeded 504, not_found 404, already_exists 409,
    /// permission_denied 403, resource_exhausted 429, failed_precondition 400, aborted 409,
    /// out_of_range 400, unimplemented 501, internal 500, unavailable 503, data_loss 500,
    /// unauthenticated 401).
    public var connectHTTPStatus: Int {
        switch self {
        case .canceled: 499
        case .invalidArgument, .failedPrecondition, .outOfRange: 400
        case .deadlineExceeded: 504
        case .notFound: 404
        case .alreadyExists, .aborted: 409
        case .permissionDenied: 403
        case .resourceExhausted: 429
        case .unimplemented: 501
        case .unavailable: 503
        case .unauthenticated: 401
        default: 500
        }
    }

    /// The HTTP status Twirp's specification gives this code: canceled and deadline_exceeded
    /// 408, failed_precondition 412, the rest as in Connect's table.
    public var twirpHTTPStatus: Int {
        switch self {
        case .canceled, .deadlineExceeded: 408
        case .failedPrecondition: 412
        default: connectHTTPStatus
        }
    }
}
