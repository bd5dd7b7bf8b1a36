// LockedErrors.swift: the errors a disk cache reported during the run, collected from any thread.
import ProtoHTTPOffline
import Synchronization

/// Errors appended from any thread, read at the end.
final class LockedErrors: Sendable {
    private let errors = Mutex<[OfflineError]>([])

    /// Adds `error`.
    func append(_ error: OfflineError) { errors.withLock { $0.append(error) } }

    /// The first error, if any.
    var first: OfflineError? { errors.withLock { $0.first } }
}
