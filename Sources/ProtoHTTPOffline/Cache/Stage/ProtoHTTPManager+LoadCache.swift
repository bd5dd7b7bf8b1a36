// ProtoHTTPManager+LoadCache.swift: the last cached result of a call, read without sending it (YTKNetwork's loadCacheWithError:).
public import ProtoHTTP
public import ProtoHTTPCore


extension ProtoHTTPManager {
    /// The output the cache holds for this call, decoded, without sending anything: what
    /// YTKNetwork's `loadCacheWithError:` gives an app to show at once. The call is prepared
    /// exactly as it would be sent (URL, headers, body), so its key is the one the call itself
    /// would store under; the entry's age is not checked, `metadata.isFromCache` is `true`.
    ///
    /// ```swift
    /// var options = CallOptions()
    /// options.cache = CacheOptions(policy: .networkOnly, version: 2)
    /// if let cached = try manager.loadCache(Notes_NotesMetadata.ListNotes.self, request, options: options) {
    ///     show(cached.output)
    /// }
    /// ```
    ///
    /// - Returns: `nil` when the manager uses no response cache (`ProtoHTTPManager.use(cache:)`),
    ///   the options have no `CallOptions.cache` (or ignore it), or nothing is stored.
    /// - Throws: the request serializer's error, or the decoding error of an entry that no
    ///   longer decodes (the entry is then removed).
    public func loadCache<S: RequestSerializer, R: ResponseSerializer>(
        _ method: HTTPMethod, _ path: String, input: S.Input, requestSerializer: S, responseSerializer: R,
        options: CallOptions = CallOptions()
    ) throws(ProtoHTTPError) -> CallResponse<R.Output>? {
        guard let store = responseCache, options.cache.map({ !$0.ignoreCache }) == true else { return nil }
        return try loadCache(readOnlyCall(method, path, input: input, requestSerializer: requestSerializer,
                                          responseSerializer: responseSerializer, options: options),
                             store: store, options: options)
    }

    /// The cached output of the RPC method `method` for `request` (see
    /// ``loadCache(_:_:input:requestSerializer:responseSerializer:options:)``).
    public func loadCache<M: RPCMethod>(
        _ method: M.Type, _ request: M.Input, options: CallOptions = CallOptions()
    ) throws(ProtoHTTPError) -> CallResponse<M.Output>? {
        guard let store = responseCache, options.cache.map({ !$0.ignoreCache }) == true else { return nil }
        return try loadCache(readOnlyCall(method, request, options: options), store: store, options: options)
    }

    private func loadCache<Output>(_ call: ReadOnlyCall<Output>, store: any ResponseCacheStore,
                                   options: CallOptions) throws(ProtoHTTPError) -> CallResponse<Output>? {
        guard let caching = CallCaching(options: options, store: store, request: call.request, rpcProtocol: call.info.rpcProtocol,
                                        appVersion: call.appVersion),
              let entry = caching.entry ?? store.response(for: caching.key) else { return nil }
        switch call.settle(CallCaching.response(from: entry), true) {
        case .success(let (output, metadata)):
            return CallResponse(output: output, metadata: metadata)
        case .failure(let error):
            store.removeResponse(for: caching.key)
            throw error
        }
    }
}
