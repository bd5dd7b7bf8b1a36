// ProgressHandler.swift: where a call's progress reports go: a closure, or an AsyncStream that ends with the call.

/// Receives the ``TransferProgress`` reports of one call (``TransportRequest/progress``,
/// ``CallOptions/progress``).
///
/// ```swift
/// var options = CallOptions()
/// options.progress = ProgressHandler { progress in
///     print(progress.direction, progress.completedBytes, progress.totalBytes ?? -1)
/// }
/// // or, for async code, a stream that finishes when the call ends:
/// let (streamOptions, reports) = CallOptions().withProgressStream()
/// ```
///
/// The rules, for every call that has a handler:
/// - **Where**: on the callback queue: the queue given to
///   ``HTTPTransport/send(_:on:handedOff:completion:)``, or the manager's
///   ``ProtoHTTPManager/callbackQueue`` for manager calls (async ones too); never on the
///   transport thread.
/// - **When**: at most once per 50 ms per direction, plus a final report when the transfer
///   succeeds, whose ``TransferProgress/completedBytes`` equals its total. On a serial callback
///   queue (the manager's default) every report runs before the call's success or failure
///   callback, and none after it.
/// - **Order**: reports never go back. A manager call that is retried (``RetryPolicy``), or a
///   download that has to start over, reports nothing in that direction until the new
///   transfer passes the furthest point already reported.
/// - **Cost**: none for calls without a handler: libcurl's transfer-info callback is only
///   installed for calls that ask for progress.
public struct ProgressHandler: Sendable {
    /// Called with each report.
    let report: @Sendable (TransferProgress) -> Void
    /// Called once after the call's outcome has been delivered (ends a stream).
    let finish: (@Sendable () -> Void)?

    /// A handler that calls `report` with each progress report.
    public init(_ report: @escaping @Sendable (TransferProgress) -> Void) {
        self.report = report
        self.finish = nil
    }

    /// A handler that calls `report` with each report and `finish` once after the call ends.
    init(report: @escaping @Sendable (TransferProgress) -> Void, finish: (@Sendable () -> Void)?) {
        self.report = report
        self.finish = finish
    }

    /// A handler and the stream it feeds: every report is yielded to the stream, which
    /// finishes right after the call's outcome has been delivered, so `for await` ends by itself.
    /// One stream serves one call: give the handler to a single call.
    ///
    /// - Parameter bufferingNewest: how many reports the stream keeps while nobody reads it
    ///   (the oldest are dropped first, never the last one).
    public static func stream(bufferingNewest: Int = 64) -> (handler: ProgressHandler, stream: AsyncStream<TransferProgress>) {
        let (stream, continuation) = AsyncStream<TransferProgress>.makeStream(bufferingPolicy: .bufferingNewest(max(1, bufferingNewest)))
        let handler = ProgressHandler(report: { continuation.yield($0) }, finish: { continuation.finish() })
        return (handler, stream)
    }
}

extension CallOptions {
    /// These options with ``progress`` set to a handler that calls `report`.
    ///
    /// ```swift
    /// manager.download("/files/big.bin", to: path, options: CallOptions().withProgress { print($0.fractionCompleted ?? 0) }, …)
    /// ```
    public func withProgress(_ report: @escaping @Sendable (TransferProgress) -> Void) -> CallOptions {
        var options = self
        options.progress = ProgressHandler(report)
        return options
    }

    /// These options with a progress stream: the stream yields the call's reports and
    /// finishes when the call ends. Use the options for one call only.
    ///
    /// ```swift
    /// let (options, progress) = CallOptions().withProgressStream()
    /// async let result = manager.download("/files/big.bin", to: path, options: options)
    /// for await report in progress { print(report.completedBytes, report.totalBytes ?? -1) }
    /// let file = try await result
    /// ```
    public func withProgressStream(bufferingNewest: Int = 64) -> (options: CallOptions, progress: AsyncStream<TransferProgress>) {
        let (handler, stream) = ProgressHandler.stream(bufferingNewest: bufferingNewest)
        var options = self
        options.progress = handler
        return (options, stream)
    }
}
