// ErrorStatus.swift: the HTTP status of each RPC code, in Connect's and in Twirp's tables.
import ProtoHTTP

extension ProtoHTTPError.Code {
    /// The HTTP status Connect's specification gives this code (canceled 499, unknown 500,
    /// invalid_argument 400, deadline_exceeded 504, not_found 404, already_exists 409,
    /// permission_denied 403, resource_exhausted 429, failed_precondition 400, aborted 409,
    /// out_of_range 400, unimplemented 501, internal 500, unavailable 503, data_loss 500,
    /// unauthenticated 401).
    var connectHTTPStatus: Int {
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

    /// The HTTP status Twirp's specification gives this code (canceled and deadline_exceeded
    /// 408, failed_precondition 412, otherwise as Connect except canceled).
    var twirpHTTPStatus: Int {
        switch self {
        case .canceled, .deadlineExceeded: 408
        case .failedPrecondition: 412
        default: connectHTTPStatus
        }
    }

    /// The code's name in Twirp's error JSON (`dataloss` for data_loss).
    var twirpName: String { self == .dataLoss ? "dataloss" : name }
}
