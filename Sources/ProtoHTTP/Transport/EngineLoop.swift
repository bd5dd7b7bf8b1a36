// EngineLoop.swift: the engine thread's loop: drain the inbox, drive curl_multi, finish transfers.
import CCurl
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import ProtoHTTPCore

/// The body of the engine thread. Owns the table of active transfers; everything here runs
/// on that one thread, so nothing in it is shared or locked except the inbox.
final class EngineLoop {
    private let engine: CurlEngine
    private var active: [UInt64: CurlTransfer] = [:]
    private let pool: EasyHandlePool
    private var health = MultiHealth()
    /// Calls held back while ``TransportConfiguration/maxConcurrentTransfers`` transfers run.
    private var waiting = WaitingCalls()
    /// Holds back streams' sending while libcurl would spin on their shut send windows.
    private var spinGuard = SendSpinGuard()
    /// ``TransportConfiguration/idlePollLimit`` in milliseconds.
    private let idlePollMilliseconds: Int32

    init(engine: CurlEngine) {
        self.engine = engine
        self.pool = EasyHandlePool(engine: engine, capacity: engine.configuration.connectionCacheSize)
        self.idlePollMilliseconds = Int32(clamping: max(1, engine.configuration.idlePollLimit.wholeMilliseconds))
    }

    /// Runs until the engine shuts down, then fails what is left and frees the multi handle.
    func run() {
        let multi = engine.multi.pointer
        while true {
            let work = engine.inbox.withLock { inbox in
                defer {
                    inbox.submissions.removeAll()
                    inbox.aborts.removeAll()
                    inbox.resumes.removeAll()
                    inbox.wakePending = false
                }
                return (inbox.submissions, inbox.aborts, inbox.shuttingDown, inbox.resumes)
            }
            if work.2 {
                for id in work.1 { abort(id) }
                for call in work.0 { call.fail(.transportShutDown()) }
                break
            }
            // Submissions first: a call cancelled before the engine saw it is then already held
            // (or refused by handOff) when its abort arrives in the same batch.
            for call in work.0 { admit(call) }
            for id in work.1 { abort(id) }
            for id in work.3 { resume(id) }
            startWaiting()

            engine.loopTurns.add(1, ordering: .relaxed)
            var running: Int32 = 0
            spinGuard.beforePerform()
            check(curl_multi_perform(multi, &running), "curl_multi_perform")
            finishCompleted()
            startWaiting()  // into the slots finished transfers freed
            let holding = spinGuard.holdSpinningSends()
            // A perform that moved stream bytes is followed by another before any wait: what
            // libcurl still holds of those streams would otherwise wait for the poll's limit
            // (measured: a one-second stall near the end of one bidi echo in four).
            var timeout: Int32 = spinGuard.performMoved ? 0 : idlePollMilliseconds
            if holding {
                // Pausing schedules the transfers to run at once; run them (nothing to send),
                // so the poll waits for the peer instead of returning straight away.
                check(curl_multi_perform(multi, &running), "curl_multi_perform")
                finishCompleted()
                timeout = SendSpinGuard.heldPollMilliseconds
            }
            var ready: Int32 = 0
            check(curl_multi_poll(multi, nil, 0, timeout, &ready), "curl_multi_poll")
            spinGuard.polled(ready: ready)
        }
        tearDown()
    }

    /// Acts on the result of a multi call: backs off while it keeps failing, and fails the
    /// active transfers when it does not recover (see ``MultiHealth``).
    private func check(_ code: CURLMcode, _ function: String) {
        let action = health.record(
            ok: code == CURLM_OK || code == CURLM_CALL_MULTI_PERFORM,
            description: "\(function) failed: \(curl_multi_strerror(code).map { String(cString: $0) } ?? "CURLMcode \(code.rawValue)")"
        )
        switch action {
        case .proceed:
            break
        case .pause(let duration):
            usleep(useconds_t(clamping: duration.wholeMilliseconds * 1000))
        case .failActive(let text):
            for transfer in Array(active.values) {
                remove(transfer)
                transfer.call.fail(ProtoHTTPError(code: .internal, message: "libcurl's multi interface kept failing (\(text)); the call was abandoned. Retry it; if this persists, the process may be out of memory or file descriptors."))
                transfer.cleanup()
            }
        }
    }

    /// Starts `call`, or holds it back while the transfer limit is reached.
    private func admit(_ call: TransportCall) {
        let limit = engine.configuration.maxConcurrentTransfers
        if limit > 0, call.isFinished { return }  // cancelled or expired before it reached the engine
        guard limit > 0, active.count >= limit || waiting.count > 0 else {
            start(call)
            return
        }
        waiting.append(call)
        engine.waitingCalls.store(waiting.count, ordering: .relaxed)
    }

    /// Starts waiting calls, highest priority first, while slots are free.
    private func startWaiting() {
        guard waiting.count > 0 else { return }
        let limit = engine.configuration.maxConcurrentTransfers
        while active.count < limit, let call = waiting.next() { start(call) }
        engine.waitingCalls.store(waiting.count, ordering: .relaxed)
    }

    /// Creates, configures and adds the easy handle of a submitted call.
    private func start(_ call: TransportCall) {
        guard let transfer = makeTransfer(call) else { return }
        guard call.handOff() else {
            transfer.cleanup()  // cancelled or expired while queued
            return
        }
        add(transfer)
    }

    /// A configured transfer for `call` (sending `request`, after a redirect); `nil` once the
    /// call has failed because none could be made.
    private func makeTransfer(_ call: TransportCall, request: TransportRequest? = nil,
                              redirectsLeft: Int = CurlTransfer.maxRedirects) -> CurlTransfer? {
        guard let transfer = CurlTransfer(call: call, engine: engine, pool: pool, request: request, redirectsLeft: redirectsLeft) else {
            call.fail(ProtoHTTPError(code: .resourceExhausted, message: "curl_easy_init failed; the process is probably out of memory."))
            return nil
        }
        do {
            try transfer.configure()
        } catch {
            transfer.cleanup()
            call.fail(error)
            return nil
        }
        return transfer
    }

    /// Adds a configured transfer to the multi handle.
    private func add(_ transfer: CurlTransfer) {
        let call = transfer.call
        let code = curl_multi_add_handle(engine.multi.pointer, transfer.easy)
        guard code == CURLM_OK else {
            transfer.cleanup()
            let text = curl_multi_strerror(code).map { String(cString: $0) } ?? "unknown"
            call.fail(ProtoHTTPError(code: .internal, message: "curl_multi_add_handle failed for \(call.request.url): \(text)."))
            return
        }
        active[call.id] = transfer
        spinGuard.added(transfer)
    }

    /// Reads curl's "done" messages and delivers each finished transfer's result.
    private func finishCompleted() {
        var remaining: Int32 = 0
        while let message = curl_multi_info_read(engine.multi.pointer, &remaining) {
            guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle,
                  let transfer = CurlTransfer.from(easy: easy) else { continue }
            let result = message.pointee.data.result
            remove(transfer)
            if result == CURLE_OK, let error = transfer.completeBody() {
                transfer.call.fail(error)
            } else if result == CURLE_OK {
                switch transfer.redirect() {
                case .follow(let next):
                    transfer.cleanup(recycle: true)
                    // Unless the call was cancelled or timed out meanwhile (its abort found no transfer).
                    if !transfer.call.isFinished,
                       let hop = makeTransfer(transfer.call, request: next, redirectsLeft: transfer.redirectsLeft - 1) { add(hop) }
                    continue
                case .tooMany:
                    transfer.call.fail(.transport(
                        result: CURLE_TOO_MANY_REDIRECTS, errorBuffer: "Maximum (\(CurlTransfer.maxRedirects)) redirects followed",
                        url: transfer.request.url, exceededLimit: nil, timeout: transfer.timeout
                    ))
                case .none where transfer.recordH2CConnection(succeeded: true):
                    transfer.cleanup(recycle: true)
                    if !transfer.call.isFinished,
                       let again = makeTransfer(transfer.call, request: transfer.request, redirectsLeft: transfer.redirectsLeft) { add(again) }
                    continue
                case .none:
                    transfer.reportFinalProgress()  // enqueued before the result, so it is delivered first
                    transfer.call.succeed(transfer.makeResponse())
                }
            } else if let error = transfer.bodyFileError {
                transfer.recordH2CConnection(succeeded: false)
                transfer.call.fail(error)
            } else {
                transfer.recordH2CConnection(succeeded: false)  // a failed h2c transfer: its origin's connection is not known good
                transfer.call.fail(.transport(
                    result: result, errorBuffer: transfer.errorText, url: transfer.request.url,
                    exceededLimit: transfer.exceededLimit, timeout: transfer.timeout
                ))
            }
            transfer.cleanup(recycle: result == CURLE_OK)
        }
    }

    /// Lifts what its stream no longer wants paused of a streaming transfer (libcurl may call
    /// back from inside `curl_easy_pause`, on this thread).
    private func resume(_ id: UInt64) {
        guard let transfer = active[id], let stream = transfer.request.stream else { return }
        curl_easy_pause(transfer.easy, stream.pauseMask)
    }

    /// Stops the transfer of a call whose result was already delivered (cancel or deadline).
    private func abort(_ id: UInt64) {
        if waiting.remove(id: id) {
            engine.waitingCalls.store(waiting.count, ordering: .relaxed)
            return
        }
        guard let transfer = active[id] else { return }
        transfer.closeConnectionWhenAborted()
        remove(transfer)
        transfer.cleanup()
    }

    private func remove(_ transfer: CurlTransfer) {
        curl_multi_remove_handle(engine.multi.pointer, transfer.easy)
        active[transfer.call.id] = nil
        spinGuard.removed(transfer)
    }

    /// Fails every call still pending, closes the inbox and frees the multi handle.
    private func tearDown() {
        for call in waiting.removeAll() { call.fail(.transportShutDown()) }
        engine.waitingCalls.store(0, ordering: .relaxed)
        for transfer in active.values {
            curl_multi_remove_handle(engine.multi.pointer, transfer.easy)
            transfer.call.fail(.transportShutDown())
            transfer.cleanup()
        }
        active.removeAll()
        pool.close()
        let leftovers = engine.inbox.withLock { inbox in
            inbox.closed = true
            defer { inbox.submissions.removeAll() }
            return inbox.submissions
        }
        for call in leftovers { call.fail(.transportShutDown()) }
        // A thread that claimed a wake-up before `closed` was set may still be inside
        // curl_multi_wakeup; none can start one now.
        while engine.wakersInFlight.load(ordering: .acquiring) > 0 { sched_yield() }
        curl_multi_cleanup(engine.multi.pointer)
    }
}
