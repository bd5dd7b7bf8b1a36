// ProtoHTTPManager+Download.swift: `download`: a GET whose body goes to a file, resumable, verified, callback and async forms.
public import ProtoHTTPCore


extension ProtoHTTPManager {
    /// Downloads `path` (a path under the base URL, or an absolute URL) to a file, resuming a
    /// partial file from an interrupted earlier call (YTKNetwork's and AFNetworking's resumable
    /// downloads).
    ///
    /// ```swift
    /// manager.download("/files/big.bin", to: DownloadDestination("/data/big.bin", sha256: hex),
    ///                  options: CallOptions().withProgress { print($0.fractionCompleted ?? 0) },
    ///                  success: { file in print(file.path, file.bytes, file.resumed) },
    ///                  failure: { error in print(error) })
    /// ```
    ///
    /// The body is written to `<destination>.partial`, never held in memory, within
    /// ``DownloadDestination/maxSize`` (else ``TransportConfiguration/maxDownloadSize``).
    /// The server's validator (a strong `ETag`, else `Last-Modified`) and the URL go to
    /// `<destination>.partial.meta`. The same call after an interruption, a cancel or a crash
    /// sends `Range: bytes=N-` with `If-Range` and:
    ///
    /// - on a `206` whose `Content-Range` starts at N and runs to the end, appends;
    /// - on a `200` (the server ignores ranges, or the file changed), starts over;
    /// - on another `206`, fails with `failed_precondition` and removes the record, so the
    ///   next call starts over;
    /// - on a `416` whose `Content-Range` says the file has N bytes (the partial file is
    ///   already whole), completes without new bytes, presented as a `206`.
    ///
    /// On success the file is synced, checked against ``DownloadDestination/sha256`` when
    /// given (a mismatch fails with `data_loss`, and the file is not put in place), renamed to
    /// the destination (and the folder synced), and the record removed. A non-2xx status
    /// fails as any call does and touches no file. Cancelling (by the handle, a deadline or
    /// the `Task`), a dropped connection or a crash leaves the partial file, which the next
    /// call continues. File errors name the path and the system's reason.
    ///
    /// Everything else is as for ``request(_:_:input:requestSerializer:responseSerializer:options:completion:success:failure:finished:)``
    /// with GET: base URL, general headers and parameters, interceptors, validators, progress,
    /// retry (each attempt continues the partial file), cancellation. Two differences: the
    /// wire protocol is plain HTTP unless the options name one, and the manager's default
    /// timeout, meant for RPCs, does not apply: a download has a deadline only when
    /// ``CallOptions/timeout`` sets one, and otherwise fails only when it stalls (no byte for
    /// the transport's ``TransportConfiguration/timeout``). Callbacks run on the callback
    /// queue, `success` with the ``DownloadResult``.
    @discardableResult
    public func download(
        _ path: String,
        to destination: DownloadDestination,
        options: CallOptions = CallOptions(),
        completion: (@Sendable () -> Void)? = nil,
        success: @escaping @Sendable (DownloadResult) -> Void,
        failure: @escaping @Sendable (ProtoHTTPError) -> Void,
        finished: (@Sendable (Result<DownloadResult, ProtoHTTPError>) -> Void)? = nil
    ) -> CallHandle {
        startCall(CallTarget(httpMethod: .get, path: path), input: [:], requestSerializer: FormURLEncodedRequestSerializer(),
                  responseSerializer: DownloadResponseSerializer(destination: destination), options: Self.downloadOptions(options),
                  completion: completion, success: { result, _ in success(result) }, failure: failure, finished: finished,
                  wrapSender: Self.downloadSender(destination))
    }

    /// The async form of ``download(_:to:options:completion:success:failure:finished:)``:
    /// returns the ``DownloadResult``; cancelling the `Task` cancels the download, leaving a
    /// partial file the next call continues.
    public func download(
        _ path: String, to destination: DownloadDestination, options: CallOptions = CallOptions()
    ) async throws(ProtoHTTPError) -> DownloadResult {
        try await call(CallTarget(httpMethod: .get, path: path), input: [:], requestSerializer: FormURLEncodedRequestSerializer(),
                       responseSerializer: DownloadResponseSerializer(destination: destination), options: Self.downloadOptions(options),
                       wrapSender: Self.downloadSender(destination)).output
    }

    /// The options with plain HTTP as the protocol when they name none (a file is not an RPC),
    /// and no deadline unless they set one.
    private static func downloadOptions(_ options: CallOptions) -> CallOptions {
        var options = options.defaulting(wireProtocol: PlainProtocol())
        if options.timeout == .managerDefault { options.timeout = .unlimited }
        return options
    }

    /// The step between the interceptors and the transport, for every attempt: the range to
    /// continue from and the body file; and a 416 that confirms a whole partial file, as a 206.
    private static func downloadSender(_ destination: DownloadDestination) -> SenderWrapper {
        { next in
            { request, done in
                var request = request
                do throws(ProtoHTTPError) {
                    try DownloadFiles.prepare(&request, for: destination)
                } catch {
                    done(.failure(error))
                    return
                }
                next(request) { result in
                    done(result.map { response in
                        guard response.status == 416, response.bodyFile != nil else { return response }
                        var complete = response
                        complete.status = 206
                        return complete
                    })
                }
            }
        }
    }
}

/// Finishes a download whose response passed validation: sync, verify, rename (see ``DownloadFiles``).
struct DownloadResponseSerializer: ResponseSerializer {
    let destination: DownloadDestination

    func serialize(_ body: [UInt8], metadata: ResponseMetadata) throws(ProtoHTTPError) -> DownloadResult {
        guard let written = metadata.bodyFile else {
            throw ProtoHTTPError(
                code: .failedPrecondition,
                message: "the response to the download to \(destination.path) (HTTP \(metadata.status)) was not written to a file, so nothing was saved; a download needs a 2xx response (check the validators).",
                httpStatus: metadata.status
            )
        }
        return try DownloadFiles.finish(written, destination: destination, metadata: metadata)
    }
}
