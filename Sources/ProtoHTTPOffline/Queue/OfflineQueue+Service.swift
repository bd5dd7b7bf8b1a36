// OfflineQueue+Service.swift: the queue as a swift-service-lifecycle Service: replays at launch, stops replaying on graceful shutdown without losing an entry.
public import ServiceLifecycle
import ProtoHTTPCore

extension OfflineQueue: Service {
    /// Runs the queue for the life of a `ServiceGroup`: replays what an earlier run left
    /// (``resumeAllQueued()``; register the ``onReplay(path:handler:)`` handlers before the group
    /// runs), keeps replaying when reachability reports the network back, and on graceful shutdown
    /// or cancellation stops replaying, then returns once every call a replay had sent is answered.
    ///
    /// Stopping loses nothing: a replay ends after the entry it is sending, and the entries after
    /// it stay stored for the next run; calls the app makes meanwhile are still stored when they
    /// fail for lack of network. A replayed call in flight is waited for, not cancelled, so its
    /// answer is recorded (its own timeout bounds the wait). Running the queue again replays again.
    ///
    /// ```swift
    /// let queue = try OfflineQueue(manager: manager, configuration: OfflineQueueConfiguration(app: "notes", reachability: monitor))
    /// queue.onReplay(Notes_NotesMetadata.CreateNote.self) { entry, result in print(entry.id, result) }
    /// let group = ServiceGroup(services: [monitor, queue], gracefulShutdownSignals: [.sigterm], logger: logger)
    /// try await group.run()
    /// ```
    public func run() async throws {
        gate.open()
        let stopRequested = ContinuationBridge<Void>()
        await withTaskCancellationOrGracefulShutdownHandler {
            await resumeAllQueued()
            await stopRequested.wait()
        } onCancelOrGracefulShutdown: { [gate] in
            gate.close()
            stopRequested.resume(())
        }
        let idle = ContinuationBridge<Void>()
        gate.whenIdle { idle.resume(()) }
        await idle.wait()
    }
}
