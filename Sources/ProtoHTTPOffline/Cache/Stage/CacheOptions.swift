// CacheOptions.swift: a call's cache settings: policy, freshness time, version, salt, ignoreCache.

/// A call's cache settings (`CallOptions.cache`), after YTKNetwork's `cacheTimeInSeconds`,
/// `cacheVersion` and `ignoreCache`. They take effect when the manager has a
/// response cache (`ProtoHTTPManager.use(cache:)`).
///
/// ```swift
/// var options = CallOptions()
/// options.cache = CacheOptions(policy: .cacheElseNetwork, time: .seconds(300), version: 2)
/// client.listNotes(request, options: options, success: { list, metadata in
///     print(metadata.isFromCache ? "cached" : "fresh", list.notes.count)
/// }, failure: { print($0) })
/// ```
public struct CacheOptions: Sendable, Hashable {
    /// Where the call looks first. Default ``CachePolicy/cacheElseNetwork``.
    public var policy: CachePolicy
    /// How long a stored entry counts as fresh for ``CachePolicy/cacheElseNetwork``. Zero (the
    /// default) means never fresh: entries are still stored and serve the other policies.
    public var time: Duration
    /// The version of the cached data's shape. Part of the key: bumping it invalidates every
    /// entry stored under the old version.
    public var version: Int
    /// Any text that must separate entries the request alone does not (a user id, a locale).
    /// Part of the key.
    public var salt: String
    /// Skips every read of the cache: the call goes to the network and stores its response
    /// (YTKNetwork's `ignoreCache`).
    public var ignoreCache: Bool
    /// Which query parameters and form fields count in the key (YTKNetwork's
    /// `cacheFileNameFilterForRequestArgument:`). Default ``CacheKeyArguments/all``.
    public var keyArguments: CacheKeyArguments

    /// Cache settings; every argument has a default.
    public init(policy: CachePolicy = .cacheElseNetwork, time: Duration = .zero, version: Int = 0,
                salt: String = "", ignoreCache: Bool = false, keyArguments: CacheKeyArguments = .all) {
        self.policy = policy
        self.time = time
        self.version = version
        self.salt = salt
        self.ignoreCache = ignoreCache
        self.keyArguments = keyArguments
    }
}
