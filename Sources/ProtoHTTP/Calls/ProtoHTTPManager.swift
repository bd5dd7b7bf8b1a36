// ProtoHTTPManager.swift: the manager: configuration, the transport, live calls and their cancellation.
public import Dispatch
import Logging
import Synchronization
import HTTPTypes
public import ProtoHTTPCore

/// The client entry point, in the role of AFHTTPSessionManager / XMCenter: it merges the base
/// URL, general headers and parameters into every call, applies the wire protocol, runs the
/// interceptor chain, validates and serializes responses, and delivers callbacks on its
/// callback queue.
///
/// ```swift
/// var configuration = ManagerConfiguration(baseURL: "http://127.0.0.1:8080")
/// configuration.wireProtocol = .connect
/// let manager = try ProtoHTTPManager(configuration: configuration)
/// manager.post(Pkg_GreeterMetadata.SayHello.path, request, as: Pkg_HelloReply.self,
///              completion: { print("sent") },
///              success: { reply, metadata in print(reply.message, metadata.status) },
///              failure: { error in print(error) })
/// let reply = try await manager.post(Pkg_GreeterMetadata.SayHello.path, request, as: Pkg_HelloReply.self)
/// ```
public final class ProtoHTTPManager: Sendable {
    /// The settings every call starts from: a snapshot, taken under a lock. Change them with
    /// ``updateConfiguration(_:)``; each call reads them once, when it starts.
    public var configuration: ManagerConfiguration { settings.withLock { $0.configuration } }
    /// The current settings, replaced whole on every change so a call's snapshot costs one
    /// retain, not a copy of every field.
    private let settings: Mutex<SettingsSnapshot>
    /// The transport the calls go through: an ``HTTPTransport`` (libcurl) unless the manager was
    /// made with another ``ClientTransport``.
    public let transport: any ClientTransport
    /// Where callbacks run.
    public let callbackQueue: DispatchQueue
    /// The live calls and their deadline timer.
    let registry: CallRegistry
    /// Where interceptors run and responses are validated and decoded, off the transport
    /// thread and the callback queue. Marked with ``workQueueKey``.
    let workQueue: DispatchQueue
    /// Set on ``workQueue``, and on ``callbackQueue`` when the manager made it, so a stage can
    /// tell it already runs on a queue where results may be settled and skip a hop.
    static let workQueueKey = DispatchSpecificKey<Bool>()
    /// Whether ``callbackQueue`` is the manager's own (no ``ManagerConfiguration/callbackQueue``
    /// was given): then a plain call may be settled there, saving the hop through the work queue
    /// (see `settleQueue`).
    let ownsCallbackQueue: Bool
    /// The endpoints that refused binary protobuf (``ManagerConfiguration/fallbackToJSON``).
    let jsonFallbacks = JSONFallbackEndpoints()

    /// Creates a manager on `transport`: a new ``HTTPTransport`` by default, or any other
    /// ``ClientTransport`` (ProtoHTTPServer's `InProcessTransport` in tests).
    ///
    /// - Throws: `ProtoHTTPError` when a new transport cannot start.
    public convenience init(configuration: ManagerConfiguration = ManagerConfiguration(), transport: (any ClientTransport)? = nil) throws(ProtoHTTPError) {
        try self.init(configuration: configuration, transport: transport, clock: SystemCallClock())
    }

    /// Creates a manager whose deadlines and retry waits run on `clock` (tests step a manual
    /// clock instead of waiting).
    package init(configuration: ManagerConfiguration, transport: (any ClientTransport)?, clock: any CallClock) throws(ProtoHTTPError) {
        self.settings = Mutex(SettingsSnapshot(configuration))
        if let transport {
            self.transport = transport
        } else {
            self.transport = try HTTPTransport()
        }
        if let queue = configuration.callbackQueue {
            self.callbackQueue = queue
            self.ownsCallbackQueue = false
        } else {
            let queue = DispatchQueue(label: "ProtoHTTP.manager.callbacks", target: .global())
            queue.setSpecific(key: Self.workQueueKey, value: true)
            self.callbackQueue = queue
            self.ownsCallbackQueue = true
        }
        let workQueue = DispatchQueue(label: "ProtoHTTP.manager.work", attributes: .concurrent)
        workQueue.setSpecific(key: Self.workQueueKey, value: true)
        self.workQueue = workQueue
        self.registry = CallRegistry(deadlineQueue: DispatchQueue(label: "ProtoHTTP.manager.deadlines", target: workQueue), clock: clock)
    }

    /// Changes the settings while calls run, as XMNetworking's `setGeneralHeaderValue:` does:
    /// thread-safe, and each change applies to the calls started after it (calls in flight keep
    /// the settings they started with). ``ManagerConfiguration/callbackQueue`` is read once, at
    /// init; changing it here has no effect.
    ///
    /// ```swift
    /// manager.updateConfiguration { $0.setHeader("Bearer \(token)", for: .authorization) }
    /// manager.updateConfiguration { $0.baseURL = "https://eu.api.example.com" }
    /// ```
    public func updateConfiguration(_ change: (inout ManagerConfiguration) -> Void) {
        settings.withLock { snapshot in
            var configuration = snapshot.configuration
            change(&configuration)
            snapshot = SettingsSnapshot(configuration, installed: snapshot.installed)
        }
    }

    /// The settings a call starts with.
    func snapshot() -> SettingsSnapshot { settings.withLock { $0 } }

    /// Replaces the installed stages, for the calls started after it.
    func updateStages(_ change: (inout [CallStageSlot: any CallStage]) -> Void) {
        settings.withLock { snapshot in
            var installed = snapshot.installed
            change(&installed)
            snapshot = SettingsSnapshot(snapshot.configuration, installed: installed)
        }
    }

    /// The endpoints (URLs without query) that answered a binary protobuf body with `415` and
    /// that this manager's calls therefore send proto3 JSON to, when
    /// ``ManagerConfiguration/fallbackToJSON`` is on; sorted.
    public var jsonFallbackEndpoints: [String] { jsonFallbacks.all }

    /// Forgets ``jsonFallbackEndpoints``: the next calls try binary protobuf again (after a
    /// server upgrade, say).
    public func forgetJSONFallbackEndpoints() { jsonFallbacks.removeAll() }

    /// The number of calls that have not finished.
    public var liveCallCount: Int { registry.count }

    /// Cancels the call with this id, if it is still live.
    public func cancel(id: UInt64) { registry.select { $0.id == id }.forEach { $0.cancel() } }
    /// Cancels the call with this id and, once it has ended as cancelled, runs `onCancel` after
    /// the call's failure callback and `finished`, on the same queue (XMNetworking's
    /// `cancelRequest:onCancel:`). Nothing runs when no live call has that id or the call ended
    /// another way first (answered, timed out).
    ///
    /// - Returns: whether this cancel ended a live call (and so `onCancel` will run).
    @discardableResult
    public func cancel(id: UInt64, onCancel: @escaping @Sendable () -> Void) -> Bool {
        registry.select { $0.id == id }.first?.cancel(onCancel: onCancel) ?? false
    }
    /// Cancels every live call with this tag.
    public func cancelAll(tag: Int) { registry.select { $0.tag == tag }.forEach { $0.cancel() } }
    /// Cancels every live call in this category.
    public func cancelAll(category: String) { registry.select { $0.category == category }.forEach { $0.cancel() } }
    /// Cancels every live call.
    public func cancelAll() { registry.select { _ in true }.forEach { $0.cancel() } }
}

/// One immutable version of a manager's settings, shared by the calls that started under it.
final class SettingsSnapshot: Sendable {
    let configuration: ManagerConfiguration
    /// The stages installed with ``ProtoHTTPManager/install(_:in:)``, by slot.
    let installed: [CallStageSlot: any CallStage]
    /// Every stage a call may run, outermost first.
    let stages: [any CallStage]
    /// The origins that get the secret headers and general parameters: the base URL's and
    /// ``ManagerConfiguration/trustedOrigins``, parsed once per configuration, not per call.
    let trustedOrigins: Set<URLOrigin>
    /// ``ManagerConfiguration/secretHeaderNames``.
    let secretHeaderNames: Set<HTTPField.Name>

    init(_ configuration: ManagerConfiguration, installed: [CallStageSlot: any CallStage] = [:]) {
        self.configuration = configuration
        self.installed = installed
        self.stages = installed.sorted { $0.key < $1.key }.map(\.value)
        self.trustedOrigins = Set(([configuration.baseURL].compactMap { $0 } + configuration.trustedOrigins).compactMap(URLOrigin.init))
        self.secretHeaderNames = configuration.secretHeaderNames
    }
}

extension SettingsSnapshot {
    /// The stages that take part in a call: none, without an allocation, when nothing is installed.
    func stages(for info: CallInfo, options: CallOptions) -> [any CallStage] {
        guard !stages.isEmpty else { return [] }
        return stages.filter { $0.applies(to: info, options: options) }
    }
}
