// CallAccessory.swift: observers of every call's lifecycle (YTKRequestAccessory): will start, will stop, did stop.
public import ProtoHTTPCore


/// Told about every call a manager makes, as YTKNetwork's `YTKRequestAccessory` is: to show a
/// network activity indicator, count calls in flight, time them or log them.
///
/// - ``willStart(_:)`` runs on the thread that started the call, once it is registered.
/// - ``willStop(_:error:)`` runs just before the call's success or failure callback, and
///   ``didStop(_:error:)`` just after it and its `finished` callback, on the same queue
///   (the callback queue; for async calls, the thread that resumes the caller).
///
/// Every started call stops exactly once, cancelled and timed-out calls included; `error` is
/// `nil` for a success. Each method has an empty default, so implement only what you need.
///
/// ```swift
/// final class ActivityCounter: CallAccessory {
///     let live = Mutex(0)
///     func willStart(_ call: CallInfo) { live.withLock { $0 += 1 } }
///     func didStop(_ call: CallInfo, error: ProtoHTTPError?) { live.withLock { $0 -= 1 } }
/// }
/// config.accessories = [ActivityCounter()]
/// ```
public protocol CallAccessory: Sendable {
    /// The call started.
    func willStart(_ call: CallInfo)
    /// The call's outcome is about to be delivered.
    func willStop(_ call: CallInfo, error: ProtoHTTPError?)
    /// The call's outcome was delivered.
    func didStop(_ call: CallInfo, error: ProtoHTTPError?)
}

extension CallAccessory {
    /// Does nothing.
    public func willStart(_ call: CallInfo) {}
    /// Does nothing.
    public func willStop(_ call: CallInfo, error: ProtoHTTPError?) {}
    /// Does nothing.
    public func didStop(_ call: CallInfo, error: ProtoHTTPError?) {}
}
