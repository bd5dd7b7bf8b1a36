// ProtoHTTPManager+LoadCache.swift: the last cached result of a call, read without sending it (YTKNetwork's loadCacheWithError:).

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
    /// - Returns: `nil` when the manager has no ``ManagerConfiguration/responseCache``, the
    ///   options have no ``CallOptions/cache`` (or ignore it), or nothing is stored.
    /// - Throws: the request serializer's error, or the decoding error of an entry that no
    ///   longer decodes (the entry is then removed).
    public func loadCache<S: RequestSerializer, R: ResponseSerializer>(
        _ method: HTTPMethod, _ path: String, input: S.Input, requestSerializer: S, responseSerializer: R,
        options: CallOptions = CallOptions()
    ) throws(ProtoHTTPError) -> CallResponse<R.Output>? {
        try loadCache(CallTarget(httpMethod: method, path: path), input: input, requestSerializer: requestSerializer,
                      responseSerializer: responseSerializer, options: options)
    }

    /// The cached output of the RPC method `method` for `request` (see
    /// ``loadCache(_:_:input:requestSerializer:responseSerializer:options:)``).
    public func loadCache<M: RPCMethod>(
        _ method: M.Type, _ request: M.Input, options: CallOptions = CallOptions()
    ) throws(ProtoHTTPError) -> CallResponse<M.Output>? {
        try loadCache(Self.target(method), input: request, requestSerializer: messageSerializer(M.Input.self, options: options),
                      responseSerializer: MessageResponseSerializer<M.Output>(), options: options)
    }

    func loadCache<S: RequestSerializer, R: ResponseSerializer>(
        _ target: CallTarget, input: S.Input, requestSerializer: S, responseSerializer: R, options: CallOptions
    ) throws(ProtoHTTPError) -> CallResponse<R.Output>? {
        let settings = snapshot()
        var options = options
        options.queuesWhenOffline = false  // no Idempotency-Key: reading prepares, it sends nothing
        let wireProtocol = wireProtocol(for: target, options: options, configuration: settings.configuration)
        let info = CallInfo(id: 0, path: target.path, category: options.category, tag: options.tag,
                            context: settings.configuration.context(of: options), protocolName: wireProtocol.name, method: target.rpc)
        let prepared = try prepare(info: info, target: target, input: input, serializer: requestSerializer,
                                   options: options, settings: settings, deadline: nil)
        guard let caching = CallCaching(options: options, store: settings.configuration.responseCache, request: prepared.request,
                                        protocolName: prepared.wireProtocol.name),
              !caching.options.ignoreCache, let entry = caching.entry ?? caching.store.response(for: caching.key) else { return nil }
        let processors = settings.configuration.responseProcessors + options.responseProcessors
        switch CallSettlement.settle(.success(CallCaching.response(from: entry)), wireProtocol: prepared.wireProtocol,
                                     validators: prepared.validators, serializer: responseSerializer, attempts: 0,
                                     processors: processors, info: info, fromCache: true) {
        case .success(let (output, metadata)):
            return CallResponse(output: output, metadata: metadata)
        case .failure(let error):
            caching.store.removeResponse(for: caching.key)
            throw error
        }
    }
}
