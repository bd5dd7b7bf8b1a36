// ProtoHTTPManager+Upload.swift: multipart form and raw file uploads through the manager, callback and async forms.
public import ProtoHTTPCore


extension ProtoHTTPManager {
    /// Uploads a ``MultipartForm`` (POST, `multipart/form-data`) and reads the response with
    /// `responseSerializer`: AFNetworking's `POST:parameters:constructingBodyWithBlock:`.
    ///
    /// File parts are streamed from disk; everything else a call gets applies (base URL,
    /// general headers and parameters, interceptors, validators, retry, cancel, and
    /// ``CallOptions``), except the manager's default timeout, meant for RPCs: as for
    /// downloads, an upload has a deadline only when ``CallOptions/timeout`` sets one, and
    /// otherwise fails only when it stalls (no byte for the transport's
    /// ``TransportConfiguration/timeout``). Callbacks as in
    /// ``post(_:input:requestSerializer:responseSerializer:options:completion:success:failure:finished:)``.
    ///
    /// ```swift
    /// let form = MultipartForm([.string("album", "2026"), .file("photo", path: "/tmp/a.jpg", contentType: "image/jpeg")])
    /// manager.upload("/photos", form: form, responseSerializer: .message(Photos_Reply.self),
    ///                success: { reply, _ in … }, failure: { error in … })
    /// ```
    @discardableResult
    public func upload<R: ResponseSerializer>(
        _ path: String,
        form: MultipartForm,
        responseSerializer: R,
        options: CallOptions = CallOptions(),
        completion: (@Sendable () -> Void)? = nil,
        success: @escaping @Sendable (R.Output, ResponseMetadata) -> Void,
        failure: @escaping @Sendable (ProtoHTTPError) -> Void,
        finished: (@Sendable (Result<R.Output, ProtoHTTPError>) -> Void)? = nil
    ) -> CallHandle {
        request(.post, path, input: form, requestSerializer: .multipart, responseSerializer: responseSerializer,
                options: Self.uploadOptions(options), completion: completion, success: success, failure: failure, finished: finished)
    }

    /// The async form of ``upload(_:form:responseSerializer:options:completion:success:failure:finished:)``:
    /// the output with the response's status and headers; cancelling the `Task` cancels the upload.
    public func upload<R: ResponseSerializer>(
        _ path: String, form: MultipartForm, responseSerializer: R, options: CallOptions = CallOptions()
    ) async throws(ProtoHTTPError) -> CallResponse<R.Output> {
        try await request(.post, path, input: form, requestSerializer: .multipart, responseSerializer: responseSerializer,
                          options: Self.uploadOptions(options))
    }

    /// Uploads the file at `file` as the whole request body, streamed from disk (not a form):
    /// AFNetworking's `uploadTaskWithRequest:fromFile:`. The body is the file's bytes as they
    /// are, sent as `contentType` with the file's size as `Content-Length`, by `method` (POST
    /// by default; PUT for a store that names the object by its path).
    ///
    /// Memory does not grow with the file: it is read in pieces while it is sent, and opened
    /// again from its start for every attempt. As for forms, an upload has a deadline only when
    /// ``CallOptions/timeout`` sets one, and otherwise fails only when it stalls. Ask for
    /// progress with ``CallOptions/withProgress(_:)``. A missing, unreadable or non-regular file
    /// fails the call with `invalid_argument` naming the path, before anything is sent. File
    /// uploads are never cached nor stored in an offline queue.
    ///
    /// ```swift
    /// manager.upload("/v1/backups/today.tar", file: "/var/backups/today.tar", contentType: "application/x-tar",
    ///                method: .put, responseSerializer: .raw,
    ///                success: { _, metadata in … }, failure: { error in … })
    /// ```
    @discardableResult
    public func upload<R: ResponseSerializer>(
        _ path: String,
        file: String,
        contentType: String? = MediaType.octetStream,
        method: HTTPMethod = .post,
        responseSerializer: R,
        options: CallOptions = CallOptions(),
        completion: (@Sendable () -> Void)? = nil,
        success: @escaping @Sendable (R.Output, ResponseMetadata) -> Void,
        failure: @escaping @Sendable (ProtoHTTPError) -> Void,
        finished: (@Sendable (Result<R.Output, ProtoHTTPError>) -> Void)? = nil
    ) -> CallHandle {
        request(method, path, input: file, requestSerializer: .file(contentType: contentType), responseSerializer: responseSerializer,
                options: Self.uploadOptions(options), completion: completion, success: success, failure: failure, finished: finished)
    }

    /// The async form of ``upload(_:file:contentType:method:responseSerializer:options:completion:success:failure:finished:)``:
    /// the output with the response's status and headers; cancelling the `Task` cancels the upload.
    public func upload<R: ResponseSerializer>(
        _ path: String, file: String, contentType: String? = MediaType.octetStream, method: HTTPMethod = .post,
        responseSerializer: R, options: CallOptions = CallOptions()
    ) async throws(ProtoHTTPError) -> CallResponse<R.Output> {
        try await request(method, path, input: file, requestSerializer: .file(contentType: contentType),
                          responseSerializer: responseSerializer, options: Self.uploadOptions(options))
    }

    /// The options without the manager's default deadline unless they set one.
    private static func uploadOptions(_ options: CallOptions) -> CallOptions {
        var options = options
        if options.timeout == .managerDefault { options.timeout = .unlimited }
        return options
    }
}
