// CachePolicy.swift: where a cached call looks first: the network, the cache, or both in turn.

/// How a call with ``CacheOptions`` uses the manager's response cache (`ProtoHTTPManager.use(cache:)`)
/// (YTKNetwork's cache, with the policies apps end up writing around it).
///
/// Every policy stores the call's validated 2xx response; they differ in what they read.
public enum CachePolicy: String, Sendable, Hashable, CaseIterable {
    /// Always the network; the response is stored for later reads (`ProtoHTTPManager.loadCache(_:_:input:requestSerializer:responseSerializer:options:)`).
    case networkOnly
    /// A fresh entry (younger than ``CacheOptions/time``) answers at once, flagged
    /// `ResponseMetadata.isFromCache`; otherwise the network.
    case cacheElseNetwork
    /// The network; when it cannot be reached (no response arrived), the stored entry of any
    /// age answers instead, flagged `ResponseMetadata.isFromCache`.
    case networkElseCache
    /// The stored entry of any age is delivered to `success` at once, flagged
    /// `ResponseMetadata.isFromCache`; then the network's answer is delivered as usual (a
    /// second `success`, or the `failure`). The async forms return the network's answer only.
    case cacheThenNetwork
}
