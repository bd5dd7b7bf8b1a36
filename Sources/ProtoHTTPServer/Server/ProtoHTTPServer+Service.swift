// ProtoHTTPServer+Service.swift: the server as a swift-service-lifecycle Service, serving from run() until graceful shutdown, and the port it listens on once it does.
public import ServiceLifecycle
import ProtoHTTPCore

extension ProtoHTTPServer: Service {
    /// Starts the server and serves until the task shuts down gracefully (a `ServiceGroup`
    /// caught SIGTERM, say) or is cancelled, then stops it as ``shutdown()`` does and returns
    /// once it has stopped. It also returns when ``shutdown()`` is called directly.
    ///
    /// ```swift
    /// let server = try ProtoHTTPServer(configuration: ServerConfiguration(port: 8080), services: [Notes()])
    /// let group = ServiceGroup(services: [server], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
    /// try await group.run()                  // serves until SIGTERM or Ctrl-C, then drains and returns
    /// ```
    ///
    /// A cancelled task stops the server gracefully too: calls in flight still get up to
    /// ``ServerConfiguration/shutdownGracePeriod`` to finish.
    ///
    /// - Throws: `ProtoHTTPError` when the server cannot start (``start()`` tells which).
    public func run() async throws {
        try await start()
        let stopRequested = ContinuationBridge<Void>()
        if lifecycle.withLock({ $0.keepStopRequest(stopRequested) }) {
            await withTaskCancellationOrGracefulShutdownHandler {
                await stopRequested.wait()
            } onCancelOrGracefulShutdown: {
                stopRequested.resume(())
            }
        }
        await shutdown()
    }

    /// The port the server listens on: at once when it is running, else once ``start()`` or
    /// ``run()`` has bound it. Lets a task beside a `ServiceGroup` learn a port picked by the
    /// system (``ServerConfiguration/port`` 0).
    ///
    /// - Throws: `ProtoHTTPError`: the error the start failed with, `failed_precondition` once
    ///   the server has shut down, or `canceled` when the waiting task is cancelled.
    public var listeningPort: Int {
        get async throws(ProtoHTTPError) {
            let waiter = ServerLifecycle.PortWaiter()
            if let answer = lifecycle.withLock({ $0.port(orKeep: waiter) }) { return try answer.get() }
            let answer = await withTaskCancellationHandler {
                await waiter.wait()
            } onCancel: {
                waiter.resume(.failure(ProtoHTTPError(code: .canceled, message: "the task waiting for the server's port was cancelled before the server listened.")))
            }
            return try answer.get()
        }
    }
}
