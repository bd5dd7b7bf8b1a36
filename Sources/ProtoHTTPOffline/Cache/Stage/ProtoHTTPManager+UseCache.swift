// ProtoHTTPManager+UseCache.swift: installing a response cache on a manager, the cache's slot, and the per-call cache settings.
public import ProtoHTTP


extension CallStageSlot {
    /// The response cache's slot: outermost (order 100), so a cached answer comes before
    /// anything else runs, the offline queue included.
    public static let responseCache = CallStageSlot(order: 100, name: "responseCache")
}

extension ProtoHTTPManager {
    /// Keeps the responses of calls made with `CallOptions.cache` in `store`
    /// (``MemoryResponseCache``, ``DiskResponseCache``, ``TieredResponseCache`` or your own),
    /// for the calls started after it: installs a ``ResponseCacheStage`` in
    /// `CallStageSlot.responseCache`, replacing any cache used before.
    ///
    /// ```swift
    /// let manager = try ProtoHTTPManager(configuration: ManagerConfiguration(baseURL: "https://api.example.com"))
    /// manager.use(cache: TieredResponseCache(memory: MemoryResponseCache(), disk: try DiskResponseCache(app: "notes")))
    /// ```
    public func use(cache store: any ResponseCacheStore) {
        install(ResponseCacheStage(store: store), in: .responseCache)
    }

    /// The store calls with `CallOptions.cache` use, if the manager uses one (``use(cache:)``).
    public var responseCache: (any ResponseCacheStore)? {
        (stage(in: .responseCache) as? ResponseCacheStage)?.store
    }
}

/// The key of `CallOptions.cache`.
enum CacheOptionsKey: CallOptionKey {
    static let defaultValue: CacheOptions? = nil
}

extension CallOptions {
    /// How this call uses the manager's response cache (`ProtoHTTPManager.use(cache:)`):
    /// ``CacheOptions``. `nil` (the default): the call neither reads nor stores cached responses.
    public var cache: CacheOptions? {
        get { self[CacheOptionsKey.self] }
        set { self[CacheOptionsKey.self] = newValue }
    }
}
