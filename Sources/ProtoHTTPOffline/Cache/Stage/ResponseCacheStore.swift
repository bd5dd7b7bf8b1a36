// ResponseCacheStore.swift: the hook a response cache plugs into the manager through.

/// Where a manager keeps cached responses (`ProtoHTTPManager.use(cache:)`).
///
/// ProtoHTTPOffline provides the stores (a memory LRU with a byte budget, an SQLite store
/// with a size cap, and both in tiers); the manager owns the policies (``CachePolicy``), the
/// keys (``ResponseCacheKey``) and revalidation. Methods are called on the manager's work
/// queue, from many calls at once, and must not call back into the manager. A store that
/// fails (a full disk) reports it its own way and answers `nil`: a cache miss, never a
/// failed call.
public protocol ResponseCacheStore: Sendable {
    /// The entry stored under `key`, or `nil`.
    func response(for key: ResponseCacheKey) -> CachedResponse?
    /// Stores `response` under `key`, replacing any entry there.
    func store(_ response: CachedResponse, for key: ResponseCacheKey)
    /// Removes the entry under `key`, if any.
    func removeResponse(for key: ResponseCacheKey)
    /// Whether the store belongs to one user (an app's own cache folder, a process serving
    /// one person). Responses marked `Cache-Control: private` are stored only in such a
    /// store. Default `true`; a store that several users' calls share (a gateway, a server
    /// calling on behalf of its users) says `false`.
    var isPerUser: Bool { get }
}

extension ResponseCacheStore {
    /// `true`: a store belongs to one user unless it says otherwise.
    public var isPerUser: Bool { true }
}
