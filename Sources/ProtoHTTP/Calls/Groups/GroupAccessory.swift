// GroupAccessory.swift: observers of a batch or chain as a whole (YTKBatchRequest's and YTKChainRequest's accessories).
public import ProtoHTTPCore

/// A batch or a chain, as its accessories see it.
public struct CallGroupInfo: Sendable, Hashable {
    /// Which kind of group.
    public enum Kind: String, Sendable, Hashable {
        /// Calls started together (``ProtoHTTPManager/batch(_:options:accessories:success:failure:finished:)``).
        case batch
        /// Calls one after another (``ProtoHTTPManager/chain(_:accessories:next:success:failure:finished:)``).
        case chain
    }

    /// Unique in the process, from the same counter as call ids.
    public let id: UInt64
    /// Batch or chain.
    public let kind: Kind
    /// How many calls a batch holds; `nil` for a chain, whose length its steps decide.
    public let count: Int?
}

/// Told when a batch or chain as a whole starts and stops, as YTKNetwork's batch and chain
/// requests tell their accessories: to show one spinner for a screen's worth of calls, or to
/// time the group. Each member call still tells the manager's and its own ``CallAccessory``s.
///
/// - ``willStart(_:)`` runs on the thread that started the group, before its first call starts.
/// - ``willStop(_:error:)`` runs just before the group's success or failure callback, and
///   ``didStop(_:error:)`` just after it and `finished`, on the callback queue.
///
/// Every group stops exactly once; `error` is `nil` for a success. Each method has an empty
/// default.
///
/// ```swift
/// final class ScreenSpinner: GroupAccessory {
///     let spinning = Mutex(false)
///     func willStart(_ group: CallGroupInfo) { spinning.withLock { $0 = true } }
///     func didStop(_ group: CallGroupInfo, error: ProtoHTTPError?) { spinning.withLock { $0 = false } }
/// }
/// manager.batch(calls, accessories: [spinner], success: { … }, failure: { … })
/// ```
public protocol GroupAccessory: Sendable {
    /// The group started.
    func willStart(_ group: CallGroupInfo)
    /// The group's outcome is about to be delivered.
    func willStop(_ group: CallGroupInfo, error: ProtoHTTPError?)
    /// The group's outcome was delivered.
    func didStop(_ group: CallGroupInfo, error: ProtoHTTPError?)
}

extension GroupAccessory {
    /// Does nothing.
    public func willStart(_ group: CallGroupInfo) {}
    /// Does nothing.
    public func willStop(_ group: CallGroupInfo, error: ProtoHTTPError?) {}
    /// Does nothing.
    public func didStop(_ group: CallGroupInfo, error: ProtoHTTPError?) {}
}

/// A group's accessories with the group they observe.
struct GroupObservers: Sendable {
    let info: CallGroupInfo
    let accessories: [any GroupAccessory]

    init(_ kind: CallGroupInfo.Kind, count: Int?, accessories: [any GroupAccessory]) {
        self.info = CallGroupInfo(id: CallHandle.makeID(), kind: kind, count: count)
        self.accessories = accessories
    }

    func started() {
        for accessory in accessories { accessory.willStart(info) }
    }

    /// Runs `deliver` (the group's callbacks) between `willStop` and `didStop`.
    func stopping(error: ProtoHTTPError?, _ deliver: () -> Void) {
        for accessory in accessories { accessory.willStop(info, error: error) }
        deliver()
        for accessory in accessories { accessory.didStop(info, error: error) }
    }
}
