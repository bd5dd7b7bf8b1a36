// CurlEngine.swift: the engine core: one curl multi handle, its thread, and the locked inbox feeding it.
import CCurl
import Synchronization

/// The shared core of an ``HTTPTransport``: the curl multi handle, the one thread that drives
/// it, and the inbox through which other threads reach that thread.
///
/// ```
///  any thread ──enqueue/abort──► Mutex<Inbox> ──curl_multi_wakeup──► engine thread
///                                                                      │ EngineLoop:
///                                                                      │ curl_multi_perform
///                                                                      │ curl_multi_poll
///  caller's queue ◄──────────── TransportCall delivers ◄───────────────┘
/// ```
///
/// Only the engine thread touches the multi handle, except `curl_multi_wakeup`, which libcurl
/// allows from any thread; it is called under the inbox lock, and the engine thread marks the
/// inbox closed under that same lock before it cleans the multi handle up.
final class CurlEngine: Sendable {
    /// Work waiting for the engine thread.
    struct Inbox: Sendable {
        var submissions: [TransportCall] = []
        var aborts: [UInt64] = []
        var shuttingDown = false
        /// Set by the engine thread right before `curl_multi_cleanup`; nothing is accepted after.
        var closed = false
    }

    /// The multi handle's address. `@unchecked Sendable` is safe: the pointer is only
    /// dereferenced by the engine thread, and by `curl_multi_wakeup` (thread-safe in libcurl)
    /// under the inbox lock while `Inbox.closed` is false.
    struct MultiHandle: @unchecked Sendable {
        let pointer: UnsafeMutableRawPointer
    }

    let configuration: TransportConfiguration
    let multi: MultiHandle
    let inbox = Mutex(Inbox())
    private let liveEasyHandles = Atomic<Int>(0)
    private let thread = Mutex<EngineThread?>(nil)

    private static let globalInit: CURLcode = curl_global_init(CCURL_GLOBAL_DEFAULT)
    private static let engineSerial = Atomic<Int>(0)

    /// Creates the multi handle and starts the engine thread.
    init(configuration: TransportConfiguration) throws(ProtoHTTPError) {
        guard Self.globalInit == CURLE_OK else {
            throw ProtoHTTPError(code: .internal, message: "curl_global_init failed (\(Self.globalInit.rawValue)); libcurl cannot be used in this process.")
        }
        guard let multi = curl_multi_init() else {
            throw ProtoHTTPError(code: .resourceExhausted, message: "curl_multi_init failed; the process is probably out of memory.")
        }
        self.configuration = configuration
        self.multi = MultiHandle(pointer: multi)
        _ = ccurl_multi_setopt_long(multi, CURLMOPT_MAXCONNECTS, configuration.connectionCacheSize)
        _ = ccurl_multi_setopt_long(multi, CURLMOPT_MAX_HOST_CONNECTIONS, configuration.maxConnectionsPerHost)
        _ = ccurl_multi_setopt_long(multi, CURLMOPT_PIPELINING, configuration.multiplexHTTP2 ? CURLPIPE_MULTIPLEX : CURLPIPE_NOTHING)

        let serial = Self.engineSerial.wrappingAdd(1, ordering: .relaxed).newValue
        guard let thread = EngineThread(name: "protohttp-\(serial)", body: { [self] in
            EngineLoop(engine: self).run()
        }) else {
            curl_multi_cleanup(multi)
            throw ProtoHTTPError(code: .resourceExhausted, message: "could not start the transport thread (pthread_create failed); the process may have too many threads.")
        }
        self.thread.withLock { $0 = thread }
    }

    // MARK: Inbox (any thread)

    /// Queues a submitted call for the engine thread; `false` if the engine is shutting down.
    func enqueue(_ call: TransportCall) -> Bool {
        inbox.withLock { inbox in
            guard !inbox.shuttingDown, !inbox.closed else { return false }
            inbox.submissions.append(call)
            curl_multi_wakeup(multi.pointer)
            return true
        }
    }

    /// Asks the engine thread to stop the transfer of `callID` (its result was already delivered).
    func abortTransfer(callID: UInt64) {
        inbox.withLock { inbox in
            guard !inbox.closed else { return }
            inbox.aborts.append(callID)
            curl_multi_wakeup(multi.pointer)
        }
    }

    /// Cancels every pending call, stops the thread and waits for it to end (once).
    func shutdown() {
        inbox.withLock { inbox in
            inbox.shuttingDown = true
            if !inbox.closed { curl_multi_wakeup(multi.pointer) }
        }
        let thread = self.thread.withLock { $0 }
        thread?.join()
    }

    // MARK: Debugging and tests

    /// Counts an easy handle created (`+1`) or cleaned up (`-1`).
    func countEasyHandle(_ delta: Int) {
        liveEasyHandles.wrappingAdd(delta, ordering: .relaxed)
    }

    /// Easy handles that exist right now (queued transfers excluded).
    var liveEasyHandleCount: Int { liveEasyHandles.load(ordering: .relaxed) }

    /// The engine thread's kernel id (its entry in `/proc/self/task`), 0 before it started.
    var threadID: Int32 { thread.withLock { $0?.kernelThreadID ?? 0 } }
}
