// MonitorThread.swift: a dedicated, joinable pthread for the monitor's event loop.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Synchronization

/// A POSIX thread running one closure, joined by ``join()``. Dedicated (not a Dispatch worker)
/// because it blocks in `poll` for as long as the monitor runs and may enter another network
/// namespace, which must never happen to a thread other code shares.
final class MonitorThread: Sendable {
    private final class Start: Sendable {
        let name: String
        let body: @Sendable () -> Void
        init(name: String, body: @escaping @Sendable () -> Void) {
            self.name = name
            self.body = body
        }
    }

    private let handle: Mutex<pthread_t?>

    /// Starts a thread named `name` (as `/proc/self/task/*/comm` shows it; 15 bytes at most)
    /// running `body`; throws if the system refuses to create it.
    init(name: String, body: @escaping @Sendable () -> Void) throws(OfflineError) {
        let context = Unmanaged.passRetained(Start(name: name, body: body)).toOpaque()
        var thread = pthread_t()
        let rc = pthread_create(&thread, nil, { raw in
            guard let raw else { return nil }
            let start = Unmanaged<Start>.fromOpaque(raw).takeRetainedValue()
            let fd = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
            if fd >= 0 {
                _ = Array(start.name.utf8.prefix(15)).withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
                close(fd)
            }
            start.body()
            return nil
        }, context)
        guard rc == 0 else {
            Unmanaged<Start>.fromOpaque(context).release()
            let error = SystemError(call: "pthread_create", code: rc)
            throw OfflineError(.reachability, "the network monitor could not start its thread (\(error)); the process may have reached its thread limit.", underlying: error)
        }
        handle = Mutex(thread)
    }

    /// Waits for the thread to end (once; later calls return at once). On the thread itself it
    /// detaches instead, since a thread cannot join itself.
    func join() {
        let taken: pthread_t? = handle.withLock { thread in
            defer { thread = nil }
            return thread
        }
        guard let thread = taken else { return }
        if pthread_equal(thread, pthread_self()) != 0 {
            pthread_detach(thread)
        } else {
            pthread_join(thread, nil)
        }
    }
}
