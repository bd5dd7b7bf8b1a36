// JoinableThread.swift: a dedicated, named, joinable pthread running one closure (the transport engine's and the network monitor's).
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Dispatch
import Synchronization

/// A shareable cell for a kernel thread id (an `Atomic` itself cannot be copied).
private final class ThreadIDCell: Sendable {
    let value = Atomic<Int32>(0)
}

/// A dedicated POSIX thread that runs one closure and can be joined. `Foundation.Thread` cannot
/// be joined, and both owners must know their thread is gone before they return from shutdown:
/// the transport engine (one curl multi handle, `CurlEngine`) and ProtoHTTPOffline's network
/// monitor (blocked in `poll`, possibly inside another network namespace, so never a thread
/// other code shares).
package final class JoinableThread: Sendable {
    /// The system refused to create the thread: `pthread_create`'s error number.
    package struct StartFailure: Error, Sendable, CustomStringConvertible {
        /// The `errno` value `pthread_create` returned (`EAGAIN` at the process's thread limit).
        package let code: Int32
        /// `pthread_create: <strerror>`.
        package var description: String { "pthread_create: " + (strerror(code).map { String(cString: $0) } ?? "error \(code)") }
    }

    /// What the new thread receives; only the thread keeps it, so the body (and whatever it
    /// captures) is released when the thread ends.
    private final class Start: Sendable {
        let name: String
        let body: @Sendable () -> Void
        let tid: ThreadIDCell
        let started = DispatchSemaphore(value: 0)
        init(name: String, body: @escaping @Sendable () -> Void, tid: ThreadIDCell) {
            self.name = name
            self.body = body
            self.tid = tid
        }
    }

    private let handle: Mutex<pthread_t?>
    private let tid = ThreadIDCell()

    /// Starts a thread named `name` (at most 15 bytes are kept, as the kernel keeps them)
    /// running `body`, and returns once it runs; throws if the system refuses to create it.
    package init(name: String, body: @escaping @Sendable () -> Void) throws(StartFailure) {
        let start = Start(name: name, body: body, tid: tid)
        let context = Unmanaged.passRetained(start).toOpaque()
        var thread = pthread_t()
        let rc = pthread_create(&thread, nil, { raw in
            guard let raw else { return nil }
            let start = Unmanaged<Start>.fromOpaque(raw).takeRetainedValue()
            JoinableThread.nameCurrentThread(start.name)
            start.tid.value.store(JoinableThread.currentKernelThreadID(), ordering: .releasing)
            start.started.signal()
            start.body()
            return nil
        }, context)
        guard rc == 0 else {
            Unmanaged<Start>.fromOpaque(context).release()
            throw StartFailure(code: rc)
        }
        self.handle = Mutex(thread)
        start.started.wait()  // so kernelThreadID is known once init returns
    }

    /// The kernel thread id (as listed in `/proc/self/task`), or -1 if it could not be read.
    package var kernelThreadID: Int32 { tid.value.load(ordering: .acquiring) }

    /// Names the calling thread (visible in `/proc/self/task/*/comm`, debuggers and `top`).
    /// Uses `/proc/thread-self/comm`: `pthread_setname_np` is a GNU extension Swift's Glibc
    /// module does not export.
    private static func nameCurrentThread(_ name: String) {
        let fd = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { return }
        let bytes = Array(name.utf8.prefix(15))
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
    }

    /// The calling thread's kernel id, read from the `/proc/thread-self` link
    /// (`<pid>/task/<tid>`); `gettid` is not exported by Swift's Glibc module. -1 if unknown.
    private static func currentKernelThreadID() -> Int32 {
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = buffer.withUnsafeMutableBufferPointer { raw in
            raw.baseAddress.map { base in
                base.withMemoryRebound(to: CChar.self, capacity: raw.count) { readlink("/proc/thread-self", $0, raw.count - 1) }
            } ?? -1
        }
        guard count > 0 else { return -1 }
        let link = String(decoding: buffer[..<count], as: UTF8.self)
        return link.split(separator: "/").last.flatMap { Int32($0) } ?? -1
    }

    /// Waits for the thread to end (once; later calls return at once). Called on the thread
    /// itself, it detaches instead, since a thread cannot join itself.
    package func join() {
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
