// CurlEngine.swift: the engine core: one curl multi handle, its thread, and the locked inbox feeding it.
import CCurl
import Synchronization
import ProtoHTTPCore

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
/// allows from any thread. A thread decides to wake the engine under the inbox lock (counting
/// itself in `wakersInFlight`) and calls `curl_multi_wakeup` after releasing it, so the woken
/// engine thread does not find the lock still held; the engine thread marks the inbox closed
/// under the lock and waits for `wakersInFlight` to reach zero before it cleans the multi
/// handle up. A wake-up already pending (inbox not drained since) is not repeated.
final class CurlEngine: Sendable {
    /// Work waiting for the engine thread.
    struct Inbox: Sendable {
        var submissions: [TransportCall] = []
        var aborts: [UInt64] = []
        /// Streaming transfers whose pause the stream wants lifted (``TransportStream``).
        var resumes: [UInt64] = []
        var shuttingDown = false
        /// Set by the engine thread right before `curl_multi_cleanup`; nothing is accepted after.
        var closed = false
        /// A wake-up was sent since the engine thread last drained the inbox.
        var wakePending = false
    }

    /// The multi handle's address. `@unchecked Sendable` is safe: the pointer is only
    /// dereferenced by the engine thread, and by `curl_multi_wakeup` (thread-safe in libcurl)
    /// from threads counted in `wakersInFlight`, which only grows while `Inbox.closed` is false.
    struct MultiHandle: @unchecked Sendable {
        let pointer: UnsafeMutableRawPointer
    }

    let configuration: TransportConfiguration
    let multi: MultiHandle
    let inbox = Mutex(Inbox())
    /// Threads between deciding to wake the engine (under the inbox lock) and returning from
    /// `curl_multi_wakeup`; the multi handle is not cleaned up while this is above zero.
    let wakersInFlight = Atomic<Int>(0)
    private let liveEasyHandles = Atomic<Int>(0)
    /// Calls waiting for a transfer slot (``TransportConfiguration/maxConcurrentTransfers``),
    /// as the engine thread last counted them.
    let waitingCalls = Atomic<Int>(0)
    /// Turns of the engine thread's loop so far: a test sees it wait rather than spin.
    let loopTurns = Atomic<Int>(0)
    /// The origins with an h2c connection in the cache (libcurl before 8.0 reuses them only
    /// through `CURL_HTTP_VERSION_2_0`; ``H2CConnections``).
    let h2cConnections = H2CConnections()
    private let thread = Mutex<JoinableThread?>(nil)

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
        let options: [(CURLMoption, Int, String)] = [
            (CURLMOPT_MAXCONNECTS, configuration.connectionCacheSize, "connectionCacheSize"),
            (CURLMOPT_MAX_HOST_CONNECTIONS, configuration.maxConnectionsPerHost, "maxConnectionsPerHost"),
            (CURLMOPT_PIPELINING, configuration.multiplexHTTP2 ? CURLPIPE_MULTIPLEX : CURLPIPE_NOTHING, "multiplexHTTP2"),
        ]
        for (option, value, setting) in options {
            let code = ccurl_multi_setopt_long(multi, option, value)
            guard code == CURLM_OK else {
                curl_multi_cleanup(multi)
                let text = curl_multi_strerror(code).map { String(cString: $0) } ?? "CURLMcode \(code.rawValue)"
                throw ProtoHTTPError(code: .invalidArgument, message: "libcurl refused TransportConfiguration.\(setting) = \(value) (\(text)); pick a value libcurl accepts.")
            }
        }

        let serial = Self.engineSerial.wrappingAdd(1, ordering: .relaxed).newValue
        let thread: JoinableThread
        do throws(JoinableThread.StartFailure) {
            thread = try JoinableThread(name: "protohttp-\(serial)") { [self] in EngineLoop(engine: self).run() }
        } catch {
            curl_multi_cleanup(multi)
            throw ProtoHTTPError(code: .resourceExhausted, message: "could not start the transport thread (\(error)); the process may have too many threads.")
        }
        self.thread.withLock { $0 = thread }
    }

    // MARK: Inbox (any thread)

    /// Queues a submitted call for the engine thread; `false` if the engine is shutting down.
    func enqueue(_ call: TransportCall) -> Bool {
        let (accepted, wake) = inbox.withLock { inbox -> (Bool, Bool) in
            guard !inbox.shuttingDown, !inbox.closed else { return (false, false) }
            inbox.submissions.append(call)
            return (true, Self.claimWake(&inbox, wakers: wakersInFlight, force: false))
        }
        if wake { wakeEngine() }
        return accepted
    }

    /// Asks the engine thread to stop the transfer of `callID` (its result was already delivered).
    func abortTransfer(callID: UInt64) {
        let wake = inbox.withLock { inbox -> Bool in
            guard !inbox.closed else { return false }
            inbox.aborts.append(callID)
            return Self.claimWake(&inbox, wakers: wakersInFlight, force: false)
        }
        if wake { wakeEngine() }
    }

    /// Asks the engine thread to lift the pause of the streaming transfer of `callID` (its
    /// stream has bytes to send again, or room for more of the response).
    func resumeTransfer(callID: UInt64) {
        let wake = inbox.withLock { inbox -> Bool in
            guard !inbox.closed else { return false }
            inbox.resumes.append(callID)
            return Self.claimWake(&inbox, wakers: wakersInFlight, force: false)
        }
        if wake { wakeEngine() }
    }

    /// Cancels every pending call, stops the thread and waits for it to end (once).
    func shutdown() {
        let wake = inbox.withLock { inbox -> Bool in
            inbox.shuttingDown = true
            guard !inbox.closed else { return false }
            return Self.claimWake(&inbox, wakers: wakersInFlight, force: true)
        }
        if wake { wakeEngine() }
        let thread = self.thread.withLock { $0 }
        thread?.join()
    }

    /// Under the inbox lock: whether the caller must wake the engine; if so, counts it in
    /// `wakers` (the caller then calls ``wakeEngine()`` after releasing the lock).
    private static func claimWake(_ inbox: inout Inbox, wakers: borrowing Atomic<Int>, force: Bool) -> Bool {
        guard force || !inbox.wakePending else { return false }
        inbox.wakePending = true
        wakers.wrappingAdd(1, ordering: .relaxed)
        return true
    }

    /// Interrupts the engine thread's `curl_multi_poll`; only after a `claimWake` that returned `true`.
    private func wakeEngine() {
        curl_multi_wakeup(multi.pointer)
        wakersInFlight.wrappingSubtract(1, ordering: .releasing)
    }

    // MARK: Debugging and tests

    /// Counts an easy handle taken for a transfer (`+1`) or given back or freed (`-1`).
    func countEasyHandle(_ delta: Int) {
        liveEasyHandles.wrappingAdd(delta, ordering: .relaxed)
    }

    /// Easy handles in use by transfers right now (queued transfers and the idle handles
    /// kept for reuse excluded; those are freed at shutdown).
    var liveEasyHandleCount: Int { liveEasyHandles.load(ordering: .relaxed) }

    /// The engine thread's kernel id (its entry in `/proc/self/task`), 0 before it started.
    var threadID: Int32 { thread.withLock { $0?.kernelThreadID ?? 0 } }
}
