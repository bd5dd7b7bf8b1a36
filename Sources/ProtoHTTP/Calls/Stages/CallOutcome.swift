// CallOutcome.swift: a call's settled result as stages see it: the response it came from, and the decoded output or the error.
public import ProtoHTTPCore


/// What a call comes to once settled: the transport's response it was read from (when one
/// arrived), and either the decoded output (held for the caller, opaque to stages) or the
/// error the caller will get. Stages receive outcomes from `next`, make them with
/// ``StagedCall/settle(_:attempts:fromCache:)``, and may turn any outcome into a failure.
public struct CallOutcome: Sendable {
    /// The response the outcome was settled from, before validation; `nil` when none arrived
    /// (the network failed) or a stage made the failure.
    public let response: TransportResponse?
    /// The number of transport attempts made (0 for an answer from a cache).
    public let attempts: Int
    /// Why the call fails; `nil` when it succeeds.
    public private(set) var error: ProtoHTTPError?
    /// The decoded output and its metadata, kept for the caller.
    let value: (any Sendable)?

    init(response: TransportResponse?, attempts: Int, error: ProtoHTTPError?, value: (any Sendable)?) {
        self.response = response
        self.attempts = attempts
        self.error = error
        self.value = value
    }

    /// A failure a stage makes itself, e.g. when it cannot do what the call asked.
    public static func failure(_ error: ProtoHTTPError, attempts: Int = 0) -> CallOutcome {
        CallOutcome(response: nil, attempts: attempts, error: error, value: nil)
    }

    /// Whether the call succeeds: its response was validated and decoded.
    public var succeeded: Bool { error == nil && value != nil }

    /// The metadata of a successful outcome (status, headers, whether it came from a cache).
    public var metadata: ResponseMetadata? { (value as? any SettledValueBox)?.metadata }

    /// This outcome failed with `error` (the decoded output, if any, is dropped).
    public func failing(with error: ProtoHTTPError) -> CallOutcome {
        CallOutcome(response: response, attempts: attempts, error: error, value: nil)
    }
}

/// The decoded output and metadata of a settled call, typed for the call that made it.
struct SettledValue<Output: Sendable>: SettledValueBox {
    let output: Output
    let metadata: ResponseMetadata
}

/// A ``SettledValue`` whatever its output type, for reading its metadata.
protocol SettledValueBox: Sendable {
    var metadata: ResponseMetadata { get }
}
