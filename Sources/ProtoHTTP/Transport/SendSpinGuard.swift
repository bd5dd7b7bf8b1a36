// SendSpinGuard.swift: keeps the engine thread from spinning on streams whose HTTP/2 send window is shut.
import CCurl

/// libcurl (7.88, Debian's) keeps asking to write to an HTTP/2 connection while a stream on it
/// has request bytes to send but no flow-control window to send them in: `curl_multi_poll`
/// returns at once (the socket is writable), `curl_multi_perform` sends nothing, and the engine
/// thread spins, some 400,000 polls a second, until the peer's WINDOW_UPDATE comes. A bidi
/// stream against a server that grants small windows (grpc-swift 2) spent most of its client CPU
/// there.
///
/// The guard sees the spin (``idleTurnsBeforeHold`` turns in a row of a poll that found work
/// and a perform in which no streaming transfer moved a byte either way) and pauses those
/// streams' sending for the next poll only, which then waits for what can unblock them: the
/// peer's next frame (readable), a call's wake-up, or at most ``heldPollMilliseconds``. Their
/// sending resumes right after it. One such turn alone is no spin: a WINDOW_UPDATE that lets
/// libcurl send bytes it already held moves none of the stream's. Unary transfers are not
/// touched; only the engine thread uses it.
struct SendSpinGuard {
    /// The longest a poll waits while sends are held: the most a false alarm delays a send.
    static let heldPollMilliseconds: Int32 = 1
    /// Idle turns in a row that make a spin (a real one makes thousands).
    static let idleTurnsBeforeHold = 8

    private var streaming: [UInt64: CurlTransfer] = [:]
    private var held: [CurlTransfer] = []
    private var progressBefore = 0
    private var pollFoundWork = false
    private var idleTurns = 0
    /// Whether the last `curl_multi_perform` moved bytes of a streaming transfer, either way
    /// (set by ``holdSpinningSends()``). libcurl 7.88's HTTP/2 layer may then hold more that no
    /// socket event will bring out: response bytes it read off the socket past the 16 KiB it
    /// hands over per call, or the last request bytes it took and did not write. The engine
    /// performs again before it waits; see `EngineLoop.run()`.
    private(set) var performMoved = false

    /// A transfer joined the multi handle.
    mutating func added(_ transfer: CurlTransfer) {
        if transfer.request.stream != nil { streaming[transfer.call.id] = transfer }
    }

    /// A transfer left the multi handle.
    mutating func removed(_ transfer: CurlTransfer) {
        guard streaming.removeValue(forKey: transfer.call.id) != nil else { return }
        held.removeAll { $0 === transfer }
    }

    /// Bytes the streaming transfers have moved so far: what their streams gave and took, and
    /// what libcurl's HTTP/2 layer accepted to send (it may send bytes it took earlier).
    private var progress: Int {
        var total = 0
        for transfer in streaming.values {
            var uploaded: curl_off_t = 0
            _ = ccurl_easy_getinfo_off_t(transfer.easy, CURLINFO_SIZE_UPLOAD_T, &uploaded)
            total &+= (transfer.request.stream?.bytesMoved ?? 0) &+ Int(uploaded)
        }
        return total
    }

    /// Right before `curl_multi_perform`.
    mutating func beforePerform() {
        guard !streaming.isEmpty else { return }
        progressBefore = progress
    }

    /// Right after `curl_multi_perform`: pauses the sending of every stream that could send
    /// when the turns before made a spin; whether it did.
    mutating func holdSpinningSends() -> Bool {
        guard !streaming.isEmpty else {
            performMoved = false
            idleTurns = 0
            return false
        }
        performMoved = progress != progressBefore
        guard pollFoundWork, !performMoved else {
            idleTurns = 0
            return false
        }
        idleTurns += 1
        guard idleTurns >= Self.idleTurnsBeforeHold else { return false }
        idleTurns = 0
        for transfer in streaming.values {
            guard let stream = transfer.request.stream else { continue }
            let mask = stream.pauseMask
            guard mask & CCURL_PAUSE_SEND == 0 else { continue }  // paused already: nothing to send
            curl_easy_pause(transfer.easy, mask | CCURL_PAUSE_SEND)
            held.append(transfer)
        }
        return !held.isEmpty
    }

    /// Right after `curl_multi_poll`, with how many descriptors it found ready: held sends go on.
    mutating func polled(ready: Int32) {
        pollFoundWork = ready > 0
        for transfer in held {
            if let stream = transfer.request.stream { curl_easy_pause(transfer.easy, stream.pauseMask) }
        }
        held.removeAll(keepingCapacity: true)
    }
}
