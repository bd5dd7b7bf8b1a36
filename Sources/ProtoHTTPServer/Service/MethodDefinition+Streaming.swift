// MethodDefinition+Streaming.swift: binding server-streaming, client-streaming and bidirectional handlers.
public import ProtoWire
public import ProtoHTTPCore

extension MethodDefinition {
    /// A server-streaming method at `path`: one request in, the handler sends any number of
    /// responses through the writer; returning ends the stream with OK, throwing with the error.
    ///
    /// ```swift
    /// .serverStreaming("/notes.Notes/WatchNotes", WatchRequest.self, Note.self) { request, response, context in
    ///     for note in store.notes(tag: request.tag) { try await response.send(note) }
    /// }
    /// ```
    ///
    /// Served over Connect's streaming protocol (`application/connect+proto` or `+json`, HTTP/1.1
    /// or HTTP/2), gRPC (HTTP/2) and gRPC-Web (HTTP/1.1 or HTTP/2); Twirp and plain HTTP have no
    /// streams, and the server says so.
    public static func serverStreaming<Request: ProtoMessage, Response: ProtoMessage>(
        _ path: String,
        _ request: Request.Type = Request.self,
        _ response: Response.Type = Response.self,
        handler: @escaping @Sendable (Request, ResponseWriter<Response>, ServerContext) async throws -> Void
    ) -> MethodDefinition {
        streaming(path, Request.self, Response.self, .serverStreaming) { requests, responses, context, interceptors in
            let payload = try await requests.single(method: path)
            let message = try decode(Request.self, payload, context.encoding)
            try await interceptors.run(ServerCall(context: context, kind: .serverStreaming, request: message)) { call in
                try await handler(try InterceptorChain.request(Request.self, of: call, method: path),
                                  ResponseWriter(sink: responses, encoding: call.context.encoding), call.context)
            }
        }
    }

    /// A client-streaming method at `path`: the handler reads the client's messages from the
    /// stream and returns the one response.
    ///
    /// ```swift
    /// .clientStreaming("/notes.Notes/ImportNotes", CreateNoteRequest.self, ImportSummary.self) { requests, context in
    ///     var count: Int32 = 0
    ///     for try await request in requests { try store.add(request); count += 1 }
    ///     return ImportSummary.with { $0.count = count }
    /// }
    /// ```
    ///
    /// Served over Connect's streaming protocol, gRPC and gRPC-Web (where the client can stream).
    public static func clientStreaming<Request: ProtoMessage, Response: ProtoMessage>(
        _ path: String,
        _ request: Request.Type = Request.self,
        _ response: Response.Type = Response.self,
        handler: @escaping @Sendable (RequestStream<Request>, ServerContext) async throws -> Response
    ) -> MethodDefinition {
        streaming(path, Request.self, Response.self, .clientStreaming) { requests, responses, context, interceptors in
            let reply = try await interceptors.run(ServerCall(context: context, kind: .clientStreaming)) { call in
                try await handler(RequestStream(payloads: requests, encoding: call.context.encoding), call.context)
            }
            try await responses.send(try encode(reply, context.encoding))
        }
    }

    /// A bidirectional method at `path`: the handler reads the client's messages and sends its
    /// own through the writer, in any order; returning ends the stream with OK.
    ///
    /// ```swift
    /// .bidirectionalStreaming("/chat.Chat/Talk", Line.self, Line.self) { requests, response, context in
    ///     for try await line in requests { try await response.send(line) }
    /// }
    /// ```
    ///
    /// Served over Connect's streaming protocol and gRPC on HTTP/2 (and on HTTP/1.1 with clients
    /// that send and receive at once), and gRPC-Web where the client can stream.
    public static func bidirectionalStreaming<Request: ProtoMessage, Response: ProtoMessage>(
        _ path: String,
        _ request: Request.Type = Request.self,
        _ response: Response.Type = Response.self,
        handler: @escaping @Sendable (RequestStream<Request>, ResponseWriter<Response>, ServerContext) async throws -> Void
    ) -> MethodDefinition {
        streaming(path, Request.self, Response.self, .bidirectionalStreaming) { requests, responses, context, interceptors in
            try await interceptors.run(ServerCall(context: context, kind: .bidirectionalStreaming)) { call in
                try await handler(RequestStream(payloads: requests, encoding: call.context.encoding),
                                  ResponseWriter(sink: responses, encoding: call.context.encoding), call.context)
            }
        }
    }

    /// A server-streaming method described by generated metadata (its path and message types).
    public static func serverStreaming<Method: RPCMethod>(
        _ method: Method.Type,
        handler: @escaping @Sendable (Method.Input, ResponseWriter<Method.Output>, ServerContext) async throws -> Void
    ) -> MethodDefinition {
        serverStreaming(Method.path, Method.Input.self, Method.Output.self, handler: handler)
    }

    /// A client-streaming method described by generated metadata.
    public static func clientStreaming<Method: RPCMethod>(
        _ method: Method.Type,
        handler: @escaping @Sendable (RequestStream<Method.Input>, ServerContext) async throws -> Method.Output
    ) -> MethodDefinition {
        clientStreaming(Method.path, Method.Input.self, Method.Output.self, handler: handler)
    }

    /// A bidirectional method described by generated metadata.
    public static func bidirectionalStreaming<Method: RPCMethod>(
        _ method: Method.Type,
        handler: @escaping @Sendable (RequestStream<Method.Input>, ResponseWriter<Method.Output>, ServerContext) async throws -> Void
    ) -> MethodDefinition {
        bidirectionalStreaming(Method.path, Method.Input.self, Method.Output.self, handler: handler)
    }

    private static func streaming<Request: ProtoMessage, Response: ProtoMessage>(
        _ path: String, _: Request.Type, _: Response.Type, _ kind: RPCKind,
        run: @escaping @Sendable (RequestPayloads, ResponseSink, ServerContext, InterceptorChain) async throws -> Void
    ) -> MethodDefinition {
        MethodDefinition(path: path, requestTypeName: Request.protoMessageName, responseTypeName: Response.protoMessageName,
                         invocation: .streaming(StreamInvocation(kind: kind, run: run)))
    }
}
