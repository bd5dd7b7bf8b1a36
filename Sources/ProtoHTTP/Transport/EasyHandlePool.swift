// EasyHandlePool.swift: idle curl easy handles kept for the next transfers, engine thread only.
import CCurl

/// Easy handles of finished transfers, reset and kept for the next ones.
///
/// `curl_easy_init` callocs libcurl's large per-handle state and `curl_easy_cleanup` frees it;
/// on a small call that pair was a tenth of the engine thread's time. A handle is recycled
/// only after a transfer that completed normally, and `curl_easy_reset` clears every option
/// (connections stay in the multi handle's cache either way).
///
/// Confined to the engine thread (not `Sendable`). The engine counts handles *in use*: one
/// taken here counts +1 until it is given back or freed.
final class EasyHandlePool {
    private unowned let engine: CurlEngine
    private var idle: [UnsafeMutableRawPointer] = []
    private let capacity: Int
    private var closed = false

    /// Creates an empty pool that keeps at most `capacity` idle handles.
    init(engine: CurlEngine, capacity: Int) {
        self.engine = engine
        self.capacity = max(0, capacity)
    }

    /// An idle handle, or a new one; `nil` if libcurl could not allocate one.
    func take() -> UnsafeMutableRawPointer? {
        guard let easy = idle.popLast() ?? curl_easy_init() else { return nil }
        engine.countEasyHandle(1)
        return easy
    }

    /// Takes back a handle no longer in any multi handle: reset and kept when `reusable`
    /// and there is room, freed otherwise.
    func give(_ easy: UnsafeMutableRawPointer, reusable: Bool) {
        engine.countEasyHandle(-1)
        if reusable, !closed, idle.count < capacity {
            curl_easy_reset(easy)
            idle.append(easy)
        } else {
            curl_easy_cleanup(easy)
        }
    }

    /// Frees the idle handles; handles given back later are freed at once.
    func close() {
        closed = true
        idle.forEach { curl_easy_cleanup($0) }
        idle.removeAll()
    }
}
