// ProtoHTTPError+Code.swift: Connect's RPC code set, with names, numbers and the HTTP-status mapping.

extension ProtoHTTPError {
    /// An RPC status code from Connect's code set (the same codes and numbers as gRPC).
    ///
    /// Compare against the static members; ``name`` is the snake_case wire name Connect uses
    /// (`"deadline_exceeded"`), ``rawValue`` the gRPC number.
    public struct Code: Hashable, Sendable, CustomStringConvertible, CaseIterable {
        private enum Raw: Int, Hashable, Sendable, CaseIterable {
            case canceled = 1, unknown, invalidArgument, deadlineExceeded, notFound, alreadyExists
            case permissionDenied, resourceExhausted, failedPrecondition, aborted, outOfRange
            case unimplemented, `internal`, unavailable, dataLoss, unauthenticated
        }
        private let raw: Raw
        private init(_ raw: Raw) { self.raw = raw }

        /// The call was cancelled, usually by the caller.
        public static let canceled = Code(.canceled)
        /// An error with no better code, e.g. an unexpected transport failure.
        public static let unknown = Code(.unknown)
        /// The request is invalid regardless of server state (bad URL, bad header, bad argument).
        public static let invalidArgument = Code(.invalidArgument)
        /// The call did not finish before its deadline (total or connect timeout).
        public static let deadlineExceeded = Code(.deadlineExceeded)
        /// The requested entity was not found.
        public static let notFound = Code(.notFound)
        /// The entity the call tried to create already exists.
        public static let alreadyExists = Code(.alreadyExists)
        /// The caller is not allowed to perform the operation.
        public static let permissionDenied = Code(.permissionDenied)
        /// A resource ran out: a quota, memory, or the maximum response size.
        public static let resourceExhausted = Code(.resourceExhausted)
        /// The system is not in a state required for the operation.
        public static let failedPrecondition = Code(.failedPrecondition)
        /// The operation was aborted, typically by a concurrency conflict.
        public static let aborted = Code(.aborted)
        /// The operation went past a valid range.
        public static let outOfRange = Code(.outOfRange)
        /// The server does not implement the method.
        public static let unimplemented = Code(.unimplemented)
        /// An invariant was broken, in the server or in this library.
        public static let `internal` = Code(.internal)
        /// The service is unavailable: connection refused or reset, DNS failure, TLS failure.
        /// Usually transient; retrying with backoff may succeed.
        public static let unavailable = Code(.unavailable)
        /// Data was lost or corrupted: a truncated or undecodable response.
        public static let dataLoss = Code(.dataLoss)
        /// The request lacks valid credentials.
        public static let unauthenticated = Code(.unauthenticated)

        /// Every code, in numeric order.
        public static var allCases: [Code] { Raw.allCases.map(Code.init) }

        /// The gRPC / Connect numeric value (1 = canceled … 16 = unauthenticated).
        public var rawValue: Int { raw.rawValue }

        /// The snake_case name Connect uses on the wire, e.g. `"deadline_exceeded"`.
        public var name: String {
            switch raw {
            case .canceled: "canceled"
            case .unknown: "unknown"
            case .invalidArgument: "invalid_argument"
            case .deadlineExceeded: "deadline_exceeded"
            case .notFound: "not_found"
            case .alreadyExists: "already_exists"
            case .permissionDenied: "permission_denied"
            case .resourceExhausted: "resource_exhausted"
            case .failedPrecondition: "failed_precondition"
            case .aborted: "aborted"
            case .outOfRange: "out_of_range"
            case .unimplemented: "unimplemented"
            case .internal: "internal"
            case .unavailable: "unavailable"
            case .dataLoss: "data_loss"
            case .unauthenticated: "unauthenticated"
            }
        }

        /// The code with this Connect wire name (`"not_found"`), or `nil` for an unknown name.
        public init?(name: String) {
            guard let code = Code.allCases.first(where: { $0.name == name }) else { return nil }
            self = code
        }

        /// The code with this gRPC / Connect number, or `nil` outside 1...16.
        public init?(rawValue: Int) {
            guard let raw = Raw(rawValue: rawValue) else { return nil }
            self.raw = raw
        }

        /// The Connect wire name.
        public var description: String { name }
    }
}
