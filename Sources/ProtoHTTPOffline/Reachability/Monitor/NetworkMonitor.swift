// NetworkMonitor.swift: the public reachability monitor over rtnetlink: start, stop and the current path.
public import Dispatch
import Synchronization
import ProtoHTTP

/// Watches the machine's network through an rtnetlink socket and says whether it has a way
/// out (``NetworkPath/Status/satisfied``), which interfaces are usable, and, with a
/// ``ServerProbe``, whether a given server answers. Linux's counterpart of
/// `AFNetworkReachabilityManager` and `NWPathMonitor`.
///
/// ```
/// kernel ──rtnetlink events──► monitor thread ──► NetworkState ──► NetworkPath
///                                    │ probe (TCP connect) on change    │
///                                    ▼                                  ├─► onChange handlers (their queues)
///                              serverReachable ─────────────────────────├─► updates (AsyncStream)
///                                                                       └─► currentPath / isReachable
/// ```
///
/// ``start()`` opens the socket (`AF_NETLINK`, `NETLINK_ROUTE`, close-on-exec) subscribed to
/// link, IPv4/IPv6 address and IPv4/IPv6 route events, dumps the links, addresses and routes,
/// and returns once that first picture is complete. A dedicated thread then blocks in `poll`
/// on the socket and a wake-up eventfd: there is no timer and no polling. When the kernel
/// drops events (`ENOBUFS`, the socket's buffer overran), sends a datagram the monitor cannot
/// read, or removes routes without saying so (a link going down, an IPv4 address deleted),
/// the monitor dumps everything again once the socket is drained.
/// ``stop()`` wakes the thread, joins it and closes every descriptor.
///
/// Three ways to read it, as in AFNetworking: handlers registered with
/// ``onChange(on:includingCurrent:_:)``, the ``updates`` stream, and the ``currentPath`` /
/// ``isReachable`` properties. It is also the ``ReachabilitySource`` the offline queue listens to.
///
/// ```swift
/// let monitor = NetworkMonitor(probe: ServerProbe(host: "10.0.0.5", port: 443))
/// try monitor.start()
/// print(monitor.currentPath)           // satisfied via eth0 (default route, server answers)
/// let token = monitor.onChange { path in print("network:", path) }
/// for await path in monitor.updates where path.isReachable { print("online"); break }
/// monitor.stop()
/// ```
public final class NetworkMonitor: ReachabilitySource {
    /// How a monitor watches.
    public struct Configuration: Sendable {
        /// The server to probe when the path changes and on ``NetworkMonitor/probeServer()``;
        /// `nil` (the default) for none, and then ``NetworkPath/serverReachable`` is `nil`.
        public var probe: ServerProbe?
        /// Where handlers registered without a queue of their own run (a private serial queue
        /// by default).
        public var callbackQueue: DispatchQueue
        /// The network namespace to watch instead of the process's own: a name made by
        /// `ip netns add` (looked up in `/var/run/netns`) or a path such as `/proc/PID/ns/net`.
        /// The monitor thread enters it (`setns`, which needs `CAP_SYS_ADMIN`) before opening
        /// its socket and stays in it, so the probe also connects from inside it. `nil` (the
        /// default) watches the process's namespace.
        public var networkNamespace: String?
        /// How long ``NetworkMonitor/start()`` waits for the first dump (5 seconds by default).
        public var startTimeout: Duration
        /// The netlink socket's receive buffer request, in bytes (1 MiB; the kernel caps it at
        /// `net.core.rmem_max`). Tests shrink it to provoke overruns.
        package var receiveBufferSize: Int32 = 1 << 20

        /// A configuration; every parameter has a default.
        public init(
            probe: ServerProbe? = nil, callbackQueue: DispatchQueue = DispatchQueue(label: "ProtoHTTPOffline.NetworkMonitor"),
            networkNamespace: String? = nil, startTimeout: Duration = .seconds(5)
        ) {
            self.probe = probe
            self.callbackQueue = callbackQueue
            self.networkNamespace = networkNamespace
            self.startTimeout = startTimeout
        }
    }

    private struct Running: Sendable {
        let thread: JoinableThread
        let control: MonitorControl
    }

    /// How this monitor watches.
    public let configuration: Configuration
    let hub = MonitorHub()
    private let running = Mutex<Running?>(nil)
    /// The name of this monitor's thread (`netmon-N`), unique in the process, so a test can
    /// see in `/proc/self/task` that ``stop()`` joined it.
    package let threadName: String

    private static let serial = Atomic<Int>(0)

    /// A monitor configured by `configuration`; it watches nothing until ``start()``.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
        self.threadName = "netmon-\(Self.serial.wrappingAdd(1, ordering: .relaxed).newValue)"
    }

    /// A monitor of this process's namespace, probing `probe` if given.
    public convenience init(probe: ServerProbe?) {
        self.init(configuration: Configuration(probe: probe))
    }

    deinit {
        stop()
        hub.finishStreams()  // streams made while it was never started end with it too
    }

    /// Opens the rtnetlink socket, takes the first picture of the network (links, addresses,
    /// routes) and starts following events. Returns once ``currentPath`` reflects that picture
    /// (the probe, if any, runs after). Calling it while running does nothing; after
    /// ``stop()``, or after a ``failure``, it starts again.
    ///
    /// - Throws: ``OfflineError`` with code `reachability` when the socket cannot be opened or
    ///   bound, the namespace cannot be entered, or the first dump fails or takes longer than
    ///   ``Configuration/startTimeout``.
    public func start() throws(OfflineError) {
        try running.withLock { running throws(OfflineError) in
            if let current = running {
                guard hub.failure != nil else { return }
                current.thread.join()  // it ended on the failure; reap it before starting anew
                running = nil
            }
            hub.clearFailure()
            let control = MonitorControl(wake: try WakeSignal())
            let gate = StartupGate()
            let (hub, probe, namespace, bufferSize) = (hub, configuration.probe, configuration.networkNamespace, configuration.receiveBufferSize)
            let thread: JoinableThread
            do throws(JoinableThread.StartFailure) {
                thread = try JoinableThread(name: threadName) {
                    MonitorLoop(hub: hub, control: control, probe: probe, receiveBufferSize: bufferSize).run(namespace: namespace, gate: gate)
                }
            } catch {
                let failure = SystemError(call: "pthread_create", code: error.code)
                throw OfflineError(.reachability, "the network monitor could not start its thread (\(failure)); the process may have reached its thread limit.", underlying: failure)
            }
            switch gate.wait(timeout: configuration.startTimeout) {
            case .success?:
                running = Running(thread: thread, control: control)
            case .failure(let error)?:
                thread.join()
                throw error
            case nil:
                control.requestStop()
                thread.join()
                throw OfflineError(.reachability, "the network monitor's first dump of links, addresses and routes took longer than \(configuration.startTimeout); the kernel did not answer its rtnetlink requests. Try again, or raise Configuration.startTimeout on a very busy machine.")
            }
        }
    }

    /// Stops watching: wakes the monitor thread, waits for it to end (it closes its socket and
    /// any probe connection), and finishes every ``updates`` stream. Handlers stay registered
    /// for a later ``start()``; ``currentPath`` keeps the last path seen. Does nothing when not
    /// running.
    public func stop() {
        guard let stopped = running.withLock({ running in defer { running = nil }; return running }) else { return }
        stopped.control.requestStop()
        stopped.thread.join()
        hub.finishStreams()
    }

    /// Whether the monitor is watching: started, not stopped, and not ended by a ``failure``.
    public var isRunning: Bool { running.withLock { $0 != nil } && hub.failure == nil }

    /// The last path seen (``NetworkPath/unknown`` before the first ``start()``).
    public var currentPath: NetworkPath { hub.path }

    /// The last path's status.
    public var currentStatus: NetworkPath.Status { currentPath.status }

    /// Whether the network is reachable: the path is satisfied and, with a probe, the server
    /// answered (``NetworkPath/isReachable``).
    public var isReachable: Bool { currentPath.isReachable }

    /// Reachable, unreachable, or not known yet (``NetworkPath/reachability``): `.unknown`
    /// before the first ``start()`` and while a server probe has not answered.
    public var reachability: NetworkPath.Reachability { currentPath.reachability }

    /// Known to be unreachable (``NetworkPath/isUnreachable``); `false` while not known yet.
    public var isUnreachable: Bool { currentPath.isUnreachable }

    /// The error that stopped the monitor thread after a successful start (its socket failed,
    /// or the kernel sent data it could not read many times in a row), if any. ``updates``
    /// streams finish when it happens and ``currentPath`` keeps the last path seen; call
    /// ``start()`` again to recover.
    public var failure: OfflineError? { hub.failure }

    /// Probes the server now (replacing a probe in flight); the answer arrives as a path
    /// change. Does nothing without a probe or when not running.
    public func probeServer() {
        running.withLock { $0 }?.control.requestProbe()
    }

    /// Makes the monitor thread sleep for `duration` without reading its socket, so a test can
    /// make the kernel drop events (`ENOBUFS`) deterministically. Does nothing when not running.
    package func pauseForTesting(_ duration: Duration) {
        running.withLock { $0 }?.control.requestPause(duration)
    }

    /// Full dumps completed since the monitor was made: one per start, plus one per overrun
    /// (`ENOBUFS`) or unreadable datagram. For tests.
    package var completedDumps: Int { hub.completedDumps }
}
