// TransportStream.swift: the two byte streams of a streaming transfer, between libcurl's callbacks on the engine thread and the call.
import CCurl
package import HTTPTypes
import Synchronization
import ProtoHTTPCore

/// The request body a streaming call writes while it is sent, and the response body it reads
/// while it arrives, with back-pressure both ways:
///
/// ```
/// call.write ─► outgoing ─► read callback (engine thread)      empty and not finished: PAUSE, resumed by the next write
/// write callback (engine thread) ─► incoming ─► call.next()    over highWater: PAUSE, resumed once the reader drains it
/// ```
///
/// A paused direction is resumed through the engine's inbox (``CurlEngine/resumeTransfer(callID:)``):
/// libcurl's pause may only be lifted on the engine thread. Writers wait while more than
/// ``highWater`` bytes are queued to send. The end comes from the call's completion
/// (``complete(_:)``): the reader gets every byte received before it, then `nil`.
package final class TransportStream: Sendable {
    /// What the reader gets next.
    package enum Event: Sendable {
        /// The response's status and headers, before any of its body.
        case head(status: Int, headers: HTTPFields)
        /// Body bytes, in order.
        case data([UInt8])
    }

    /// What the read callback hands libcurl.
    enum Outgoing {
        /// This many bytes were copied.
        case bytes(Int)
        /// Nothing to send yet: pause sending until the next write.
        case pause
        /// The body has ended.
        case end
    }

    private struct State {
        var outgoing: [UInt8] = []
        var outgoingStart = 0
        var outgoingFinished = false
        var sendPaused = false
        var writers: [CheckedContinuation<Void, Never>] = []
        var events: [Event] = []
        var eventsStart = 0
        var incomingBytes = 0
        var recvPaused = false
        var reader: CheckedContinuation<Void, Never>?
        var completed = false
        /// Whether any response body byte arrived.
        var receivedBody = false
        /// Bytes moved either way (and the head), for the engine's ``SendSpinGuard``.
        var moved = 0
        /// Set once the transfer is configured: asks the engine thread to lift a pause.
        var resume: (@Sendable () -> Void)?

        var outgoingCount: Int { outgoing.count - outgoingStart }
    }

    /// Bytes queued either way past which the other side is paused.
    package static let highWater = 256 << 10
    private let state = Mutex(State())

    package init() {}

    // MARK: The call's side (any thread)

    /// Queues `bytes` to send without waiting for room.
    package func enqueue(_ bytes: [UInt8]) {
        let resume = state.withLock { state -> (@Sendable () -> Void)? in
            guard !state.completed, !state.outgoingFinished else { return nil }
            if state.outgoingStart > 0, state.outgoingStart == state.outgoing.count {
                state.outgoing.removeAll(keepingCapacity: true)
                state.outgoingStart = 0
            }
            state.outgoing.append(contentsOf: bytes)
            return Self.takeSendResume(&state)
        }
        resume?()
    }

    /// Queues `bytes` to send; returns once fewer than ``highWater`` bytes wait (at once, mostly).
    package func write(_ bytes: [UInt8]) async {
        enqueue(bytes)
        await waitForRoom()
    }

    /// Returns once fewer than ``highWater`` bytes wait to be sent, or the transfer has completed.
    package func waitForRoom() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let waits = state.withLock { state -> Bool in
                guard !state.completed, state.outgoingCount > Self.highWater else { return false }
                state.writers.append(continuation)
                return true
            }
            if !waits { continuation.resume() }
        }
    }

    /// Ends the request body: libcurl sends what is queued, then ends the request.
    package func finishWriting() {
        let resume = state.withLock { state -> (@Sendable () -> Void)? in
            state.outgoingFinished = true
            return Self.takeSendResume(&state)
        }
        resume?()
    }

    /// The next event, or `nil` once the call has completed and everything before was read.
    package func next() async -> Event? {
        while true {
            enum Step { case event(Event, (@Sendable () -> Void)?), end, wait }
            let step = state.withLock { state -> Step in
                if state.eventsStart < state.events.count {
                    let event = state.events[state.eventsStart]
                    state.eventsStart += 1
                    if state.eventsStart == state.events.count {
                        state.events.removeAll(keepingCapacity: true)
                        state.eventsStart = 0
                    }
                    if case .data(let bytes) = event { state.incomingBytes -= bytes.count }
                    var resume: (@Sendable () -> Void)?
                    if state.recvPaused, state.incomingBytes <= Self.highWater / 2 {
                        state.recvPaused = false
                        resume = state.resume
                    }
                    return .event(event, resume)
                }
                return state.completed ? .end : .wait
            }
            switch step {
            case .event(let event, let resume):
                resume?()
                return event
            case .end:
                return nil
            case .wait:
                await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                    let ready = state.withLock { state -> Bool in
                        guard state.eventsStart == state.events.count, !state.completed else { return true }
                        state.reader = continuation
                        return false
                    }
                    if ready { continuation.resume() }
                }
            }
        }
    }

    /// The transfer has completed (or failed, or was cancelled): the reader gets `nil` after
    /// what it has not read yet, and writers stop waiting.
    package func complete() {
        let (reader, writers) = state.withLock { state in
            state.completed = true
            defer {
                state.reader = nil
                state.writers.removeAll()
            }
            return (state.reader, state.writers)
        }
        reader?.resume()
        for writer in writers { writer.resume() }
    }

    private static func takeSendResume(_ state: inout State) -> (@Sendable () -> Void)? {
        guard state.sendPaused else { return nil }
        state.sendPaused = false
        return state.resume
    }

    // MARK: The engine thread's side (inside libcurl's callbacks)

    /// Called when the transfer is configured: `resume` asks the engine thread to lift a pause.
    func attach(resume: @escaping @Sendable () -> Void) {
        state.withLock { $0.resume = resume }
    }

    /// Copies queued request bytes into libcurl's buffer.
    func readOutgoing(into buffer: UnsafeMutableRawBufferPointer) -> Outgoing {
        let (result, writers) = state.withLock { state -> (Outgoing, [CheckedContinuation<Void, Never>]) in
            let count = min(buffer.count, state.outgoingCount)
            guard count > 0 else {
                if state.outgoingFinished { return (.end, []) }
                state.sendPaused = true
                return (.pause, [])
            }
            state.outgoing.withUnsafeBytes { source in
                buffer.baseAddress?.copyMemory(from: source.baseAddress! + state.outgoingStart, byteCount: count)
            }
            state.outgoingStart += count
            state.moved &+= count
            if state.outgoingStart > 64 << 10, state.outgoingStart * 2 > state.outgoing.count {
                state.outgoing.removeFirst(state.outgoingStart)
                state.outgoingStart = 0
            }
            guard state.outgoingCount <= Self.highWater, !state.writers.isEmpty else { return (.bytes(count), []) }
            defer { state.writers.removeAll() }
            return (.bytes(count), state.writers)
        }
        for writer in writers { writer.resume() }
        return result
    }

    /// Takes response body bytes; `false` asks libcurl to pause receiving (it hands the same
    /// bytes again once resumed).
    func receive(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let reader = state.withLock { state -> CheckedContinuation<Void, Never>?? in
            guard state.incomingBytes < Self.highWater else {
                state.recvPaused = true
                return .none
            }
            state.events.append(.data(Array(bytes)))
            state.incomingBytes += bytes.count
            state.receivedBody = true
            state.moved &+= bytes.count
            defer { state.reader = nil }
            return .some(state.reader)
        }
        guard let reader else { return false }
        reader?.resume()
        return true
    }

    /// The response's head has arrived.
    func receivedHead(status: Int, headers: HTTPFields) {
        let reader = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.events.append(.head(status: status, headers: headers))
            state.moved &+= 1
            defer { state.reader = nil }
            return state.reader
        }
        reader?.resume()
    }

    /// Whether any of the response's body has arrived (read or not).
    package var receivedBody: Bool { state.withLock { $0.receivedBody } }

    /// Bytes moved either way so far (the head counts one): whether the transfer got anywhere.
    var bytesMoved: Int { state.withLock { $0.moved } }

    /// Request bytes queued and not yet taken by libcurl.
    var queuedOutgoing: Int { state.withLock { $0.outgoingCount } }

    /// The pause bits libcurl should have now (`curl_easy_pause`'s argument).
    var pauseMask: Int32 {
        state.withLock { state in (state.recvPaused ? CCURL_PAUSE_RECV : 0) | (state.sendPaused ? CCURL_PAUSE_SEND : 0) }
    }
}
