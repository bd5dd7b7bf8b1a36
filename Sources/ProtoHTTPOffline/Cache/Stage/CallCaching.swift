// CallCaching.swift: a call's cache stage: its key, the entry it read, revalidation and storing.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import HTTPTypes
import ProtoHTTP
import ProtoHTTPCore

/// The cache side of one call with ``CacheOptions``, between prepare and settle:
///
/// ```
///  prepare ─► read entry ─► policy: answer from cache? ─► (conditional GET) send ─► settle
///                                                            304 ─► entry, refreshed   │
///                                                            2xx validated ─► store ◄──┘
/// ```
///
/// The entry is read once, when the call starts; writes go to the store as the call settles.
struct CallCaching: Sendable {
    let options: CacheOptions
    let store: any ResponseCacheStore
    let key: ResponseCacheKey
    /// The entry stored under ``key`` when the call started, read only when the policy may
    /// answer from it before the network or the request is a GET to revalidate (`nil` under
    /// ``CacheOptions/ignoreCache``). ``CachePolicy/networkOnly`` POSTs never read the store,
    /// and ``CachePolicy/networkElseCache`` reads it only after a failure.
    let entry: CachedResponse?
    /// Whether the request is a GET, the one method revalidated with `If-None-Match` / `If-Modified-Since`.
    let isGet: Bool

    /// The cache stage of a call, or `nil` when the call asks for no caching or the manager
    /// has no store. Multipart and file-bodied calls are never cached.
    init?(options: CallOptions, store: (any ResponseCacheStore)?, request: TransportRequest, rpcProtocol: RPCProtocol, appVersion: String? = nil) {
        guard let cache = options.cache, let store, request.multipart == nil, request.uploadFile == nil, request.bodyFile == nil else { return nil }
        self.options = cache
        self.store = store
        self.key = Self.key(for: request, rpcProtocol: rpcProtocol, options: cache, appVersion: appVersion)
        self.isGet = request.method == .get
        let readsFirst = cache.policy == .cacheElseNetwork || cache.policy == .cacheThenNetwork || isGet
        self.entry = cache.ignoreCache || !readsFirst ? nil : store.response(for: key)
    }

    /// The key of `request` under `options`: its URL's query and a form body's fields filtered
    /// by ``CacheOptions/keyArguments``, the app's version added when the manager has one.
    static func key(for request: TransportRequest, rpcProtocol: RPCProtocol, options: CacheOptions, appVersion: String? = nil) -> ResponseCacheKey {
        let contentType = request.headers.firstValue(.contentType)
        var body = request.body ?? []
        if let contentType, MediaType(contentType).essence == "application/x-www-form-urlencoded" {
            body = options.keyArguments.filteringForm(body)
        }
        return ResponseCacheKey(method: request.method, url: options.keyArguments.filteringQuery(of: request.url), rpcProtocol: rpcProtocol,
                                contentType: contentType, accept: request.headers.firstValue(.accept),
                                body: body, salt: options.salt, version: options.version,
                                credentials: request.headers.filter { ResponseCacheKey.credentialHeaderNames.contains($0.name) },
                                appVersion: appVersion ?? "")
    }

    /// The entry, if it is younger than ``CacheOptions/time``.
    var freshEntry: CachedResponse? {
        guard let entry, options.time > .zero, entry.age(at: Self.now()) < options.time.fractionalSeconds else { return nil }
        return entry
    }

    /// `request` with `If-None-Match` / `If-Modified-Since` from the entry, for a GET whose
    /// entry has an `ETag` or `Last-Modified` (unless the call set its own).
    func conditional(_ request: TransportRequest) -> TransportRequest {
        guard isGet, let entry else { return request }
        var request = request
        if let etag = entry.etag, !request.headers.contains(.ifNoneMatch) {
            request.headers.append(HTTPField(name: .ifNoneMatch, value: etag))
        }
        if let lastModified = entry.lastModified, !request.headers.contains(.ifModifiedSince) {
            request.headers.append(HTTPField(name: .ifModifiedSince, value: lastModified))
        }
        return request
    }

    /// For a `304 Not Modified` to a conditional GET, the entry in its place (its kept headers
    /// updated by the 304's, its time refreshed in the store); `nil` for any other response.
    func revalidated(_ response: TransportResponse) -> TransportResponse? {
        guard isGet, response.status == 304, var entry else { return nil }
        for header in response.headers where CachedResponse.keptHeaderNames.contains(header.name) {
            entry.headers.removeAll { $0.name == header.name }
            entry.headers.append(header)
        }
        entry.storedAt = Self.now()
        store.store(entry, for: key)
        var refreshed = Self.response(from: entry)
        refreshed.metrics = response.metrics
        return refreshed
    }

    /// Stores a validated response: 2xx, its body in memory; never one marked
    /// `Cache-Control: no-store`, and one marked `private` only in a per-user store.
    func store(_ response: TransportResponse) {
        guard (200..<300).contains(response.status), response.bodyFile == nil else { return }
        let directives = Self.cacheControl(response.headers)
        if directives.contains("no-store") { return }
        if directives.contains("private"), !store.isPerUser { return }
        store.store(CachedResponse(status: response.status, headers: response.headers, body: response.body,
                                   storedAt: Self.now(), version: options.version), for: key)
    }

    /// The `Cache-Control` directive names of `headers`, lowercased (`private="Set-Cookie"`
    /// counts as `private`).
    static func cacheControl(_ headers: HTTPFields) -> Set<String> {
        var names = Set<String>()
        for header in headers where header.name == .cacheControl {
            for directive in header.value.split(separator: ",") {
                let name = directive.split(separator: "=", maxSplits: 1).first.map { HTTPText.trimmed(String($0)) } ?? ""
                if !name.isEmpty { names.insert(name.lowercased()) }
            }
        }
        return names
    }

    /// An entry as the settle stage reads responses.
    static func response(from entry: CachedResponse) -> TransportResponse {
        TransportResponse(status: entry.status, headers: entry.headers, body: entry.body)
    }

    /// The wall clock, in seconds since 1970: entries outlive the process, so not a monotonic clock.
    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

extension CallCaching {
    /// A cached answer given before the network is asked.
    enum EarlyAnswer {
        /// The call's outcome (``CachePolicy/cacheElseNetwork`` with a fresh entry).
        case final(CallOutcome)
        /// Delivered first, the network's outcome following (``CachePolicy/cacheThenNetwork``).
        case interim(CallOutcome)
    }

    /// What the policy answers from the cache before the network, settled as `call` settles
    /// responses. An entry that no longer decodes is removed and the call goes to the network.
    func answerBeforeNetwork(_ call: StagedCall) -> EarlyAnswer? {
        let candidate: CachedResponse?
        switch options.policy {
        case .cacheElseNetwork: candidate = freshEntry
        case .cacheThenNetwork: candidate = entry
        case .networkOnly, .networkElseCache: candidate = nil
        }
        guard let candidate else { return nil }
        let outcome = call.settle(Self.response(from: candidate), fromCache: true)
        guard outcome.succeeded else {
            store.removeResponse(for: key)
            return nil
        }
        return options.policy == .cacheThenNetwork ? .interim(outcome) : .final(outcome)
    }

    /// Under ``CachePolicy/networkElseCache``, the entry in place of a failure after which no
    /// response arrived (the server could not be reached, or the call timed out), settled as
    /// `call` settles responses; `nil` when there is none or it no longer decodes.
    func answerAfterNetworkFailure(_ error: ProtoHTTPError, call: StagedCall, attempts: Int) -> CallOutcome? {
        guard options.policy == .networkElseCache, !options.ignoreCache, error.httpStatus == nil, error.code != .canceled,
              let entry = entry ?? store.response(for: key) else { return nil }
        let outcome = call.settle(Self.response(from: entry), attempts: attempts, fromCache: true)
        return outcome.succeeded ? outcome : nil
    }
}
