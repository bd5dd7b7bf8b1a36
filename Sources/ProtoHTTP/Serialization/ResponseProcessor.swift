// ResponseProcessor.swift: a hook on every typed output after decoding (XMNetworking's responseProcessBlock): replace it, or turn it into a failure.
public import ProtoHTTPCore


/// Runs on every call's decoded output, after validation and serialization, as
/// XMNetworking's `responseProcessBlock`. It may return the output unchanged, return a
/// replacement of the same type, or throw, turning a 200 that carries a business error code
/// into a failure with the caller's error.
///
/// ```swift
/// config.responseProcessors = [ClosureResponseProcessor { output, metadata, call throws(ProtoHTTPError) in
///     if let reply = output as? Acme_Reply, reply.status != 0 {
///         throw ProtoHTTPError(code: .failedPrecondition, message: "business error \(reply.status): \(reply.reason)")
///     }
///     return output
/// }]
/// ```
///
/// The manager's processors run first, then the call's (``CallOptions/responseProcessors``).
/// A processor that returns a value of another type fails the call with `internal`.
public protocol ResponseProcessor: Sendable {
    /// The output to deliver instead of `output`, or a thrown failure.
    func process(_ output: any Sendable, metadata: ResponseMetadata, call: CallInfo) throws(ProtoHTTPError) -> any Sendable
}

/// A response processor made from a closure.
public struct ClosureResponseProcessor: ResponseProcessor {
    private let body: @Sendable (any Sendable, ResponseMetadata, CallInfo) throws(ProtoHTTPError) -> any Sendable

    /// A processor running `body`.
    public init(_ body: @escaping @Sendable (any Sendable, ResponseMetadata, CallInfo) throws(ProtoHTTPError) -> any Sendable) {
        self.body = body
    }

    /// `body(output, metadata, call)`.
    public func process(_ output: any Sendable, metadata: ResponseMetadata, call: CallInfo) throws(ProtoHTTPError) -> any Sendable {
        try body(output, metadata, call)
    }
}
