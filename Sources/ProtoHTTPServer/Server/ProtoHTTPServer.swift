// ProtoHTTPServer.swift: the server: binds, serves registered services over Connect, Twirp and plain, shuts down gracefully.
import Logging
import NIOCore
import NIOExtras
public import NIOPosix
import Synchronization
public import ProtoHTTPCore

/// Serves protobuf services over HTTP/1.1 with keep-alive and HTTP/2 (h2c by prior knowledge in
/// cleartext, `h2` through ALPN with ``ServerConfiguration/tls``): Connect unary at
/// `/pkg.Service/Method`, Twirp at `/twirp/pkg.Service/Method`, and plain POST at the Connect
/// path (binary `application/x-protobuf`) or at configured ``PlainRoute``s. Bodies are binary
/// protobuf or proto3 JSON by Content-Type, answered in the same encoding; errors go out in
/// each protocol's JSON format.
///
/// ```swift
/// struct Notes: Acme_NotesHandler {                              // generated with Servers=true: <Pkg>_<Service>Handler
///     func getNote(_ request: Acme_GetNoteRequest, context: ServerContext) async throws -> Acme_Note { … }
/// }
/// let server = try ProtoHTTPServer(configuration: ServerConfiguration(port: 8080), services: [Notes()])
/// try await server.start()
/// print("listening on \(server.port ?? 0)")
/// …
/// await server.shutdown()                                          // lets in-flight calls finish
/// ```
public final class ProtoHTTPServer: Sendable {
    /// The configuration the server was made with.
    public let configuration: ServerConfiguration
    let dispatcher: Dispatcher
    private let connections = OpenConnections()
    private let requests = InFlightRequests()
    /// Closed just before the event loops stop; request tasks then resume off them.
    private let loopsOpen = EventLoopsOpen()
    /// Ready, starting, running, stopping or stopped, with what each holds and waits for.
    let lifecycle = Mutex(ServerLifecycle())
    private let boundPort = Mutex<Int?>(nil)
    /// The caller's event loops, or `nil` for a group of the server's own.
    private let sharedGroup: MultiThreadedEventLoopGroup?

    /// A server for `services`; nothing is bound until ``start()``.
    ///
    /// - Parameters:
    ///   - configuration: Address, protocols, limits, logging (see ``ServerConfiguration``).
    ///   - services: The services to serve (generated `<Service>Handler` values, or
    ///     ``ServiceDefinition``s).
    ///   - eventLoopGroup: SwiftNIO event loops to serve on, shared with the rest of the
    ///     process (another server, a SwiftNIO client, `MultiThreadedEventLoopGroup.singleton`).
    ///     The server never stops them: ``shutdown()`` leaves them running for their owner, and
    ///     ``ServerConfiguration/threads`` does not apply. `nil` (the default): the server makes
    ///     a group of ``ServerConfiguration/threads`` loops at ``start()`` and stops it at
    ///     ``shutdown()``.
    /// - Throws: `ProtoHTTPError` when two services register the same method path, or a plain
    ///   route names a method no service has.
    public init(configuration: ServerConfiguration = ServerConfiguration(), services: [any ProtoHTTPService],
                eventLoopGroup: MultiThreadedEventLoopGroup? = nil) throws(ProtoHTTPError) {
        sharedGroup = eventLoopGroup
        var configuration = configuration
        if let verbosity = configuration.verbosity { configuration.logger = verbosity.apply(to: configuration.logger) }
        self.configuration = configuration
        var definitions = services.map(\.serviceDefinition)
        if configuration.serverReflection { definitions += ReflectionService.definitions(describing: definitions) }
        definitions = definitions.map { $0.resolvingInterceptors(outer: configuration.interceptors) }
        let router = try Router(services: definitions, plainRoutes: configuration.plainRoutes,
                                twirpPrefix: configuration.twirpPrefix)
        var dispatcher = Dispatcher(router: router, logger: configuration.logger, maxRequestBodySize: configuration.maxRequestBodySize,
                                    responseCompression: configuration.responseCompression)
        dispatcher.listsMethodsWhenNotFound = configuration.listsMethodsWhenNotFound
        dispatcher.maxRequestInflationRatio = configuration.maxRequestInflationRatio
        dispatcher.observability = configuration.observability
        self.dispatcher = dispatcher
    }

    /// The port the server listens on, once started.
    public var port: Int? { boundPort.withLock { $0 } }

    /// The method paths served, `/pkg.Service/Method`, sorted.
    public var methodPaths: [String] { dispatcher.router.methodPaths }

    /// Binds the configured address and starts serving.
    ///
    /// - Throws: `ProtoHTTPError` (`unavailable`) when the address cannot be bound,
    ///   (`invalid_argument`) when a file of ``ServerConfiguration/tls`` is missing, unreadable,
    ///   not PEM, or the key does not belong to the certificate (the message names the file), or
    ///   (`failed_precondition`) when the server was already started, or when the configuration
    ///   asks for TLS or HTTP/2 in a build without the package trait that brings it.
    public func start() async throws(ProtoHTTPError) {
        guard lifecycle.withLock({ $0.beginStart() }) else {
            throw ProtoHTTPError(code: .failedPrecondition, message: "the server was already started; make a new ProtoHTTPServer to serve again.")
        }
        let config = configuration
        if config.http2 && !ServerConfiguration.http2Built {
            throw startFailed(ProtoHTTPError(
                code: .failedPrecondition,
                message: "this build of ProtoHTTPServer has no HTTP/2: the package trait HTTP2 is off (the dependency names other traits, e.g. `traits: []`). Leave ServerConfiguration.http2 off, or depend on ProtoHTTP with its default traits (or `traits: [\"HTTP2\"]`)."
            ))
        }
        let tls: ServerTLSContext?
        do {
            tls = try TLSContextLoader.context(for: config)
        } catch {
            throw startFailed(error)
        }
        let loops = ServerLoops.make(shared: sharedGroup, threads: config.threads)
        let group = loops.group
        let channel: any Channel
        let quiescing: ServerQuiescingHelper
        let turns: LoopTurns
        do {
            turns = try await LoopTurns.open(on: group)
        } catch {
            await loops.release()
            throw startFailed(ProtoHTTPError(code: .unavailable, message: "could not open the event loops' pipes: \(error); the process may be out of file descriptors (ulimit -n)."))
        }
        do {
            (channel, quiescing) = try await bind(group: group, tls: tls, turns: turns)
        } catch {
            await turns.close()
            await loops.release()
            throw startFailed(ProtoHTTPError(
                code: .unavailable,
                message: "could not listen on \(config.host):\(config.port): \(error); pick a free port (0 picks one) or another host."
            ))
        }
        let bound = channel.localAddress?.port ?? config.port
        boundPort.withLock { $0 = bound }
        let running = ServerLifecycle.Running(loops: loops, quiescing: quiescing, turns: turns, port: bound)
        for waiter in lifecycle.withLock({ $0.started(running) }) { waiter.resume(.success(bound)) }
        let scheme = tls == nil ? "http" : "https"
        let versions = config.http2 ? "HTTP/2 and HTTP/1.1" : "HTTP/1.1"
        let count = dispatcher.router.methodPaths.count
        config.logger.info("serving \(count) method\(count == 1 ? "" : "s") on \(scheme)://\(config.host):\(port ?? config.port) (\(versions))")
    }

    /// Stops accepting connections, lets calls in flight finish for up to
    /// ``ServerConfiguration/shutdownGracePeriod``, closes every connection and stops the
    /// event loops (unless they were given to ``init(configuration:services:eventLoopGroup:)``:
    /// those keep running). Idle keep-alive connections close at once. Safe to call more than
    /// once: a call made while another is stopping the server returns when the server has stopped.
    /// A server running as a `Service` (``run()``) stops this way on graceful shutdown, and
    /// `run()` returns once it has.
    ///
    /// Handlers still running when their connection closes are cancelled; shutdown waits until
    /// each has handed its answer back, never for a handler that ignores cancellation.
    public func shutdown() async {
        let running: ServerLifecycle.Running
        switch lifecycle.withLock({ $0.beginShutdown() }) {
        case .stop(let stopping): running = stopping
        case .wait(let stopped): return await stopped.wait()
        case .none: return
        }
        // The helper must go with initiateShutdown (see there): no other reference may outlive it.
        let (loops, quiescing, turns, stopRequests) = (running.loops, running.quiescing, running.turns, running.stopRequests)
        _ = consume running
        for request in stopRequests { request.resume(()) }
        let group = loops.group
        // The helper closes the listener and tells every connection to quiesce; `drained`
        // completes once all have closed: idle ones at once, busy ones after their response or,
        // at the latest, when ShutdownGraceHandler closes them at the end of the grace period.
        let drained = Self.initiateShutdown(consume quiescing, group: group)
        try? await drained.get()
        // Every closed connection cancelled its request's task, which then answers at once. Let
        // each hand its answer to its event loop before the loops stop (scheduling on a stopped
        // loop is an error in NIO).
        requests.cancelAll()
        let clock = ContinuousClock()
        if await !requests.allAnswered(before: clock.now + .seconds(1), on: clock) {
            configuration.logger.warning("stopping with request tasks that did not answer within a second of being cancelled")
        }
        // Handlers that ignore cancellation may still be running on the loops' executors: from
        // here on they resume on the global executor.
        loopsOpen.close()
        await turns.close()
        await loops.release()
        configuration.logger.info("stopped")
        for waiter in lifecycle.withLock({ $0.finishShutdown() }) { waiter.resume(()) }
    }

    /// Fails the tasks waiting for ``listeningPort`` with `error` and returns it, for `start()`
    /// to throw; the server is ready to start again.
    private func startFailed(_ error: ProtoHTTPError) -> ProtoHTTPError {
        for waiter in lifecycle.withLock({ $0.startFailed() }) { waiter.resume(.failure(error)) }
        return error
    }

    /// The number of open client connections (for monitoring and tests).
    public var connectionCount: Int { connections.count }

    /// The number of request tasks running, including handlers that ignore cancellation and
    /// outlive their call (for monitoring and tests).
    var requestTaskCount: Int { requests.count }

    /// Binds the listener with a fresh quiescing helper.
    ///
    /// The helper's deinit fails a promise, which must happen on a running event loop (see
    /// ``initiateShutdown(_:group:)``). The listener and the helper's promise therefore share
    /// one loop: when a failed bind leaves the last reference to the helper with NIO's
    /// callbacks on that loop, it is released on that loop, never after the loops stop.
    private func bind(group: any EventLoopGroup, tls: ServerTLSContext?, turns: LoopTurns) async throws -> (any Channel, ServerQuiescingHelper) {
        let acceptLoop = group.next()
        let quiescing = ServerQuiescingHelper(group: acceptLoop)
        let channel = try await makeBootstrap(acceptLoop: acceptLoop, group: group, quiescing: quiescing, tls: tls, turns: turns)
            .bind(host: configuration.host, port: configuration.port).get()
        return (channel, quiescing)
    }

    /// Starts quiescing and lets go of the helper. It must be released while the event loops
    /// still run: its deinit fails a promise, which hops to an event loop.
    private static func initiateShutdown(_ quiescing: consuming ServerQuiescingHelper, group: any EventLoopGroup) -> EventLoopFuture<Void> {
        let drained = group.next().makePromise(of: Void.self)
        quiescing.initiateShutdown(promise: drained)
        return drained.futureResult
    }

    private func makeBootstrap(acceptLoop: any EventLoop, group: any EventLoopGroup, quiescing: ServerQuiescingHelper,
                               tls: ServerTLSContext?, turns: LoopTurns) -> ServerBootstrap {
        let connections = self.connections
        let config = configuration
        let pipeline = ServerPipeline(configuration: config, dispatcher: dispatcher, requests: requests,
                                      accessLog: config.accessLog ? AccessLog(logger: config.logger) : nil, tls: tls,
                                      loopsOpen: loopsOpen, turns: turns)
        return ServerBootstrap(group: acceptLoop, childGroup: group)
            .serverChannelOption(.backlog, value: 256)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            // One accept per turn of the accepting loop, so a flood of new connections waits in
            // the backlog while the loop serves the connections it has.
            .serverChannelOption(.maxMessagesPerRead, value: 1)
            .serverChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(quiescing.makeServerChannelHandler(channel: channel))
                    try channel.pipeline.syncOperations.addHandler(ConnectionLimitHandler(limit: config.maxConnections, logger: config.logger))
                }
            }
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .childChannelOption(UnsentBytesLimit.option, value: SocketOptionValue(UnsentBytesLimit.bytes))
            // One read (up to 64 KiB) per readable event: epoll is level-triggered, so the rest
            // waits for the loop's next turn, and a client pipelining requests has at most one
            // read's worth decoded and waiting its turn (16 reads held ~1 MiB of decoded requests
            // per connection: 50 such clients took the server past 400 MiB).
            .childChannelOption(.maxMessagesPerRead, value: 1)
            .childChannelInitializer { channel in
                connections.add(channel)
                return channel.eventLoop.makeCompletedFuture {
                    try pipeline.configureConnection(channel.pipeline.syncOperations)
                }
            }
    }
}
