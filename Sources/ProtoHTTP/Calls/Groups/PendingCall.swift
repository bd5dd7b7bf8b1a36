// PendingCall.swift: a call described but not started, for batches and chains to start when they choose.
public import ProtoWire
public import ProtoHTTPCore

/// A call described but not yet sent: what a batch or a chain starts when it decides to.
///
/// ```swift
/// let note = PendingCall.unary(Notes_NotesMetadata.GetNote.self, request)           // PendingCall<Notes_Note>
/// let page = PendingCall.request(.get, "/feed", input: ["page": "2"], requestSerializer: .formURLEncoded,
///                                responseSerializer: .json(Page.self))                // PendingCall<Page>
/// let any = note.erased()                                                           // PendingCall<any Sendable>
/// ```
public struct PendingCall<Output: Sendable>: Sendable {
    /// Starts the call on `manager`; `success` and `failure` as in ``ProtoHTTPManager``'s calls.
    let start: @Sendable (ProtoHTTPManager, @escaping @Sendable (Output, ResponseMetadata) -> Void,
                          @escaping @Sendable (ProtoHTTPError) -> Void) -> CallHandle

    /// A call from its starting function.
    public init(_ start: @escaping @Sendable (ProtoHTTPManager, @escaping @Sendable (Output, ResponseMetadata) -> Void,
                                              @escaping @Sendable (ProtoHTTPError) -> Void) -> CallHandle) {
        self.start = start
    }

    /// A call of the RPC method `method` (generated metadata), as ``ProtoHTTPManager/unary(_:_:options:completion:success:failure:finished:)``.
    public static func unary<M: RPCMethod>(_ method: M.Type, _ request: M.Input, options: CallOptions = CallOptions()) -> PendingCall<M.Output>
        where Output == M.Output
    {
        PendingCall { manager, success, failure in
            manager.unary(M.self, request, options: options, success: success, failure: failure)
        }
    }

    /// A call with any HTTP method and serializers, as ``ProtoHTTPManager/request(_:_:input:requestSerializer:responseSerializer:options:completion:success:failure:finished:)``.
    public static func request<S: RequestSerializer, R: ResponseSerializer>(
        _ method: HTTPMethod, _ path: String, input: S.Input, requestSerializer: S, responseSerializer: R,
        options: CallOptions = CallOptions()
    ) -> PendingCall<R.Output> where Output == R.Output {
        PendingCall { manager, success, failure in
            manager.request(method, path, input: input, requestSerializer: requestSerializer, responseSerializer: responseSerializer,
                            options: options, success: success, failure: failure)
        }
    }

    /// A message POST to a path, as ``ProtoHTTPManager/post(_:_:as:options:completion:success:failure:finished:)``.
    public static func post<Request: ProtoMessage>(_ path: String, _ request: Request, as responseType: Output.Type,
                                                   options: CallOptions = CallOptions()) -> PendingCall<Output> where Output: ProtoMessage {
        PendingCall { manager, success, failure in
            manager.post(path, request, as: responseType, options: options, success: success, failure: failure)
        }
    }

    /// The same call with its output type erased, so calls of different types fit one list.
    public func erased() -> PendingCall<any Sendable> {
        let start = self.start
        return PendingCall<any Sendable> { manager, success, failure in
            start(manager, { output, metadata in success(output, metadata) }, failure)
        }
    }
}

extension PendingCall where Output == any Sendable {
    /// A call of `method` with its output erased, for lists of calls of different types:
    /// `manager.batch([.unary(ListNotes.self, all), .unary(GetNote.self, one)], …)`.
    public static func unary<M: RPCMethod>(_ method: M.Type, _ request: M.Input, options: CallOptions = CallOptions()) -> PendingCall<any Sendable> {
        PendingCall<M.Output>.unary(method, request, options: options).erased()
    }

    /// A call with any HTTP method and serializers, its output erased.
    public static func request<S: RequestSerializer, R: ResponseSerializer>(
        _ method: HTTPMethod, _ path: String, input: S.Input, requestSerializer: S, responseSerializer: R,
        options: CallOptions = CallOptions()
    ) -> PendingCall<any Sendable> {
        PendingCall<R.Output>.request(method, path, input: input, requestSerializer: requestSerializer,
                                      responseSerializer: responseSerializer, options: options).erased()
    }
}
