// CallTimeout.swift: a call's time limit as a call states it: the manager's, none, or a duration.

import ProtoHTTPCore

/// How long a call may take, as ``CallOptions/timeout`` states it.
///
/// ```swift
/// options.timeout = .seconds(2)        // this call: 2 s, whatever the manager says
/// options.timeout = .unlimited         // this call: no deadline of the manager's
/// options.timeout = .managerDefault    // the manager's ``ManagerConfiguration/timeout`` (the default)
/// ```
///
/// The deadline covers the whole call: interceptors, every transfer of a retry, and decoding.
/// Past it the call fails with `deadline_exceeded` and its transfer is stopped. Connect calls
/// also send it to the server as `Connect-Timeout-Ms`.
public enum CallTimeout: Sendable, Hashable {
    /// Use the manager's ``ManagerConfiguration/timeout``.
    case managerDefault
    /// No deadline. (Each transfer is still bounded by ``TransportConfiguration/timeout``,
    /// the transport's own per-transfer limit, if that is set.)
    case unlimited
    /// This limit.
    case after(Duration)

    /// A limit of `seconds` seconds.
    public static func seconds<T: BinaryInteger>(_ seconds: T) -> CallTimeout { .after(.seconds(seconds)) }
    /// A limit of `seconds` seconds.
    public static func seconds(_ seconds: Double) -> CallTimeout { .after(.seconds(seconds)) }
    /// A limit of `milliseconds` milliseconds.
    public static func milliseconds<T: BinaryInteger>(_ milliseconds: T) -> CallTimeout { .after(.milliseconds(milliseconds)) }

    /// The limit this resolves to when the manager's default is `manager`.
    package func resolved(manager: Duration?) -> Duration? {
        switch self {
        case .managerDefault: manager
        case .unlimited: nil
        case .after(let duration): duration
        }
    }

    /// The limit of a call starting now: ``resolved(manager:)``, capped by the time left to
    /// the handler this runs in (`HandlerDeadline`) when `inheriting`.
    package func resolved(manager: Duration?, inheriting: Bool) -> Duration? {
        let own = resolved(manager: manager)
        guard inheriting, let left = HandlerDeadline.remaining else { return own }
        guard let own else { return left }
        return min(own, left)
    }
}
