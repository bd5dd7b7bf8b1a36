// NetworkMonitor+Service.swift: the monitor as a swift-service-lifecycle Service: watches from run() until graceful shutdown.
public import ServiceLifecycle

extension NetworkMonitor: Service {
    /// Starts watching (``start()``) and watches until the task shuts down gracefully or is
    /// cancelled, then stops (``stop()``) and returns. It also returns when ``stop()`` is called
    /// directly, and throws when the monitor fails after starting (``failure``), so a
    /// `ServiceGroup` learns that reachability is gone.
    ///
    /// ```swift
    /// let monitor = NetworkMonitor(probe: ServerProbe(host: "api.example.com", port: 443))
    /// let group = ServiceGroup(services: [monitor, queue], gracefulShutdownSignals: [.sigterm], logger: logger)
    /// try await group.run()
    /// ```
    ///
    /// - Throws: ``OfflineError`` (`reachability`) when it cannot start or fails later.
    public func run() async throws {
        // Made before starting, so it finishes on the stop or failure that ends this run.
        let updates = self.updates
        try start()
        await withTaskCancellationOrGracefulShutdownHandler {
            for await _ in updates {}
        } onCancelOrGracefulShutdown: { [self] in
            stop()
        }
        if let failure { throw failure }
    }
}
