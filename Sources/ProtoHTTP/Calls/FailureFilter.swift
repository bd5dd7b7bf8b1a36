// FailureFilter.swift: steps a failed call's error goes through before its failure callback (YTKRequest's requestFailedFilter).
public import ProtoHTTPCore

/// Runs for a failed call before its failure callback, as YTKNetwork's `requestFailedFilter`
/// does: to log or count failures, clean up, or turn the error into the one the app shows.
/// The manager's filters (``ManagerConfiguration/failureFilters``) run first, then the call's
/// (``CallOptions/failureFilters``), each getting the error the last returned; what the last
/// returns reaches the accessories, `failure` and `finished`. Filters run on the callback
/// queue (for async calls, on the thread that resumes the caller), for every failure:
/// transport errors, error answers, timeouts and cancellations alike.
///
/// ```swift
/// config.failureFilters = [ClosureFailureFilter { error, call in
///     error.code == .unauthenticated ? ProtoHTTPError(code: .unauthenticated, message: "please sign in again") : error
/// }]
/// ```
public protocol FailureFilter: Sendable {
    /// The error `call`'s failure callback gets instead of `error` (return it unchanged to
    /// only observe).
    func filter(_ error: ProtoHTTPError, call: CallInfo) -> ProtoHTTPError
}

/// A ``FailureFilter`` made of a closure.
public struct ClosureFailureFilter: FailureFilter {
    private let body: @Sendable (ProtoHTTPError, CallInfo) -> ProtoHTTPError

    /// A filter running `body`.
    public init(_ body: @escaping @Sendable (ProtoHTTPError, CallInfo) -> ProtoHTTPError) { self.body = body }

    /// `body(error, call)`.
    public func filter(_ error: ProtoHTTPError, call: CallInfo) -> ProtoHTTPError { body(error, call) }
}
