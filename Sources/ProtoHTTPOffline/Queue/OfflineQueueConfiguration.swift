// OfflineQueueConfiguration.swift: the settings of an offline queue: where it stores, what it strips, what it queues, when it gives up, when it replays.
import Foundation
public import HTTPTypes
public import ProtoHTTP
public import ProtoHTTPCore

/// How an ``OfflineQueue`` stores, filters, replays and gives up on calls. Every field has a
/// default; set only what differs:
///
/// ```swift
/// var configuration = OfflineQueueConfiguration(app: "com.example.notes")
/// configuration.maxAttempts = 5
/// configuration.maxAge = .seconds(86_400)
/// configuration.reachability = monitor            // a NetworkMonitor: replay when the network is back
/// ```
public struct OfflineQueueConfiguration: Sendable {
    /// The database file's name in ``location``.
    public static let fileName = "offline-queue.sqlite"
    /// The headers never stored, compared case-insensitively (as `HTTPField.Name`s are):
    /// `Authorization`, `Proxy-Authorization` and `Cookie`, plus ``strippedHeaders``.
    public static let secretHeaders: Set<HTTPField.Name> = [.authorization, .proxyAuthorization, .cookie]
    /// The curl codes of a failure for the network, as SCAwesomeNetworking counts them (the
    /// default of ``queueableCurlCodes``): 5 and 6 (proxy or host name not resolved), 7
    /// (connection refused, network or host unreachable), 28 (a timeout, in any phase), and
    /// the answers that could not be read: 18 (the body was cut short), 52 (the server closed
    /// without answering), 55 and 56 (the connection failed or was reset while sending or
    /// receiving).
    public static let defaultQueueableCurlCodes: Set<Int> = [5, 6, 7, 18, 28, 52, 55, 56]
    /// The curl codes of a call that certainly never reached the server: 5, 6 and 7. With
    /// ``queueableStatuses`` empty, the queue stores only calls that were never sent (the
    /// strictest setting).
    public static let unreachedCurlCodes: Set<Int> = [5, 6, 7]
    /// The statuses of answers from a gateway that could not reach the service (the default
    /// of ``queueableStatuses``): 502, 503 and 504.
    public static let defaultQueueableStatuses: Set<Int> = [502, 503, 504]

    /// The folder of ``fileName``; `nil` (the default) is
    /// `OfflineStorageLocation.userCache(app:)` for ``app``.
    public var location: OfflineStorageLocation?
    /// The app's name, naming the default folder (`$XDG_CACHE_HOME/<app>`, else `~/.cache/<app>`).
    public var app: String
    /// Header names stripped before a call is stored, on top of ``secretHeaders``
    /// (e.g. `.xAPIKey`). The manager applies its general headers and interceptors again
    /// when the call is replayed, so a token set there is sent, fresh, at replay time.
    public var strippedHeaders: Set<HTTPField.Name> = []
    /// The curl codes (with no HTTP status) that make a failed queueable call go to the queue.
    /// Default ``defaultQueueableCurlCodes``: every failure for the network, as
    /// SCAwesomeNetworking stores them. A call that timed out or was reset after it was sent
    /// may have reached the server; its replays carry the same `Idempotency-Key`, so the
    /// server can tell. ``unreachedCurlCodes`` keeps only calls that were never sent.
    public var queueableCurlCodes: Set<Int> = OfflineQueueConfiguration.defaultQueueableCurlCodes
    /// The HTTP statuses of answers that make a failed queueable call go to the queue.
    /// Default ``defaultQueueableStatuses`` (502, 503, 504); empty to queue no answered call.
    public var queueableStatuses: Set<Int> = OfflineQueueConfiguration.defaultQueueableStatuses
    /// The number of replay attempts after which an unanswered entry is dropped (reported
    /// with ``DroppedCall/Reason/tooManyAttempts``). Default 10; `nil` for no limit.
    public var maxAttempts: Int? = 10
    /// The age after which an unanswered entry is dropped instead of sent (reported with
    /// ``DroppedCall/Reason/expired``). Default 7 days; `nil` for no limit.
    ///
    /// Age is judged so that a wall clock jumping forward expires nothing: while the machine
    /// stays up, an entry's age is the smaller of its wall-clock age and the time the boot
    /// clock (`CLOCK_BOOTTIME`, suspend included) has counted since it was stored; after a
    /// reboot it is the wall-clock age.
    public var maxAge: Duration? = .seconds(7 * 86_400)
    /// The most entries the queue holds; a call that would be one more is not stored: it fails
    /// with `resource_exhausted` saying the queue is full, and is reported to
    /// ``OfflineQueue/onDropped(_:)`` with ``DroppedCall/Reason/overflow``. Nothing stored is
    /// ever evicted to make room. Default 10,000; `nil` for no limit.
    public var maxEntries: Int? = 10_000
    /// The most bytes (bodies, paths and headers: ``QueuedCall/storedSize``) the queue holds;
    /// a call that would pass it is refused as for ``maxEntries``. Default 64 MiB; `nil` for no limit.
    public var maxBytes: Int? = 64 << 20
    /// The answers to a replayed call that leave its entry queued to be sent again later
    /// (overload and restarts: 408, 429, 502, 503, 504, `unavailable`, `resource_exhausted`),
    /// and how long the queue waits before it asks again.
    public var transient = TransientAnswers()
    /// The protocol a stored call of each kind is replayed with, when it is not the manager's:
    /// a call made with a custom `WireProtocol` (a Connect variant with headers of its own, say)
    /// is stored as its `RPCProtocol` and replayed with the protocol given here for that kind.
    /// Without an entry, a replay uses the manager's protocol when it is of the stored kind, else
    /// `ConnectProtocol()`, `TwirpProtocol()` or `PlainProtocol()`.
    public var protocols: [RPCProtocol: any WireProtocol] = [:]
    /// Reorders or coalesces the entries of one category before a replay sends them (see
    /// ``ReplayBatchHook``). `nil` (the default): oldest first, all of them.
    public var batchHook: ReplayBatchHook?
    /// Where "the network is back" comes from (a `NetworkMonitor`, or your own source).
    /// `nil` (the default): replay only when ``OfflineQueue/resumeAllQueued()`` or
    /// ``OfflineQueue/resumeQueued(category:)`` is called.
    public var reachability: (any ReachabilitySource)?
    /// Whether the queue replays every category by itself when ``reachability`` reports the
    /// network reachable again. Default `true`.
    public var replaysWhenReachable = true
    /// The time that stamps new entries, measures ``maxAge`` and brings back a category after a
    /// transient answer; tests set a clock they move and jump.
    package var clock: any QueueClock = SystemQueueClock()

    /// Settings for `app` (naming the default folder), every other field at its default.
    public init(app: String = "ProtoHTTP", location: OfflineStorageLocation? = nil) {
        self.app = app
        self.location = location
    }

    /// The header names that are never stored.
    var strippedNames: Set<HTTPField.Name> { Self.secretHeaders.union(strippedHeaders) }

    /// The protocol a stored call of kind `kind` replays with, given the manager's protocol.
    func wireProtocol(for kind: RPCProtocol, manager: (any WireProtocol)?) -> any WireProtocol {
        if let configured = protocols[kind] { return configured }
        if let manager, manager.rpcProtocol == kind { return manager }
        switch kind {
        case .connect: return ConnectProtocol()
        case .twirp: return TwirpProtocol()
        case .plain: return PlainProtocol()
        case .grpc: return GRPCProtocol()
        case .grpcWeb: return GRPCWebProtocol()
        }
    }

    /// Whether `error` is a failure for the network: a transport error of
    /// ``queueableCurlCodes`` or an answer of ``queueableStatuses``. (A call its own deadline
    /// ends is delivered at once, before any stage sees it: it is not stored.)
    func isNetworkFailure(_ error: ProtoHTTPError) -> Bool {
        if let status = error.httpStatus { return queueableStatuses.contains(status) }
        guard let transport = error.transportError else { return false }
        return queueableCurlCodes.contains(transport.curlCode)
    }
}
