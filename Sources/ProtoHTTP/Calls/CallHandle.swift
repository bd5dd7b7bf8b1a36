// CallHandle.swift: the handle of one manager call: unique id, cancel(), and exactly-once delivery.
import Dispatch
import Synchronization

/// The handle of one call made through ``ProtoHTTPManager``.
///
/// Its ``id`` is unique in the process, increases with every call and is never reused.
/// ``cancel()`` works at any moment: if the call has not finished, its failure callback gets a
/// `canceled` error (once) and the transfer in flight is stopped.
public final class CallHandle: Sendable, Hashable, CustomStringConvertible {
    private struct State: Sendable {
        var finished = false
        var completionFired = false
        var transportCall: TransportCall?
        var onCompletion: (@Sendable () -> Void)?
        var onResult: (@Sendable (Result<Void, ProtoHTTPError>) -> Void)?
        var onFinish: (@Sendable (CallHandle) -> Void)?
    }

    private static let nextID = Atomic<UInt64>(1)

    /// The call's id: process-wide unique, monotonic, never reused.
    public let id: UInt64
    /// The call's category, if any.
    public let category: String?
    /// The call's tag, if any.
    public let tag: Int?
    /// The path or URL the call was made with.
    public let path: String
    private let callbackQueue: DispatchQueue
    private let state: Mutex<State>

    init(path: String, category: String?, tag: Int?, callbackQueue: DispatchQueue) {
        self.id = Self.nextID.wrappingAdd(1, ordering: .relaxed).oldValue
        self.path = path
        self.category = category
        self.tag = tag
        self.callbackQueue = callbackQueue
        self.state = Mutex(State())
    }

    /// Whether the call has finished (delivered success or failure).
    public var isFinished: Bool { state.withLock { $0.finished } }

    /// Cancels the call; does nothing once it has finished.
    public func cancel() {
        finish(.failure(.cancelled()))
    }

    /// Installs the callbacks. `onResult` receives the outcome; the typed success value is
    /// delivered through the closure it wraps.
    func install(onCompletion: (@Sendable () -> Void)?, onResult: @escaping @Sendable (Result<Void, ProtoHTTPError>) -> Void,
                 onFinish: @escaping @Sendable (CallHandle) -> Void) {
        state.withLock {
            $0.onCompletion = onCompletion
            $0.onResult = onResult
            $0.onFinish = onFinish
        }
    }

    /// Records the transport call in flight; cancels it at once if the handle already finished.
    func attach(_ call: TransportCall) {
        let finished = state.withLock { state in
            if !state.finished { state.transportCall = call }
            return state.finished
        }
        if finished { call.cancel() }
    }

    /// The request reached the transport: enqueue `completion` once, unless the call finished.
    func handedOff() {
        state.withLock { state in
            guard !state.finished, !state.completionFired else { return }
            state.completionFired = true
            if let completion = state.onCompletion { callbackQueue.async(execute: completion) }
        }
    }

    /// Finishes the call with `result` unless it already finished. `deliver` runs on the
    /// callback queue instead of the generic result callback for successes carrying a value.
    /// Returns whether this call finished it.
    @discardableResult
    func finish(_ result: Result<Void, ProtoHTTPError>, deliver: (@Sendable () -> Void)? = nil) -> Bool {
        let taken: (TransportCall?, (@Sendable (CallHandle) -> Void)?)? = state.withLock { state in
            guard !state.finished else { return nil }
            state.finished = true
            let onResult = state.onResult
            if let deliver, case .success = result {
                callbackQueue.async(execute: deliver)
            } else if let onResult {
                callbackQueue.async { onResult(result) }
            }
            defer {
                state.transportCall = nil
                state.onCompletion = nil
                state.onResult = nil
                state.onFinish = nil
            }
            return (state.transportCall, state.onFinish)
        }
        guard let taken else { return false }
        if case .failure = result { taken.0?.cancel() }
        taken.1?(self)
        return true
    }

    /// Handles are equal when they are the same call.
    public static func == (lhs: CallHandle, rhs: CallHandle) -> Bool { lhs === rhs }
    /// Hashes the call's identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    /// `CallHandle #<id> <path>`.
    public var description: String { "CallHandle #\(id) \(path)" }
}

/// The manager's live calls, for cancellation by id, tag, category or all, and for their
/// deadlines (see ``CallDeadlines``).
final class CallRegistry: Sendable {
    private struct Entry: Sendable {
        let handle: CallHandle
        /// `DispatchTime.uptimeNanoseconds` at which the call fails with `deadline_exceeded`;
        /// `UInt64.max` for none.
        let deadline: UInt64
        /// The time limit the deadline came from, for the error message.
        let timeout: Duration?
    }

    private let calls = Mutex<[UInt64: Entry]>([:])

    func add(_ handle: CallHandle, deadline: UInt64 = .max, timeout: Duration? = nil) {
        calls.withLock { $0[handle.id] = Entry(handle: handle, deadline: deadline, timeout: timeout) }
    }
    func remove(_ handle: CallHandle) { _ = calls.withLock { $0.removeValue(forKey: handle.id) } }
    /// The live handles that satisfy `predicate`.
    func select(_ predicate: (CallHandle) -> Bool) -> [CallHandle] {
        calls.withLock { $0.values.compactMap { predicate($0.handle) ? $0.handle : nil } }
    }
    var count: Int { calls.withLock { $0.count } }

    /// The live calls whose deadline is at or before `now`, with their time limits, and the
    /// earliest deadline among the others (`UInt64.max` when none has one).
    func expired(at now: UInt64) -> (expired: [(CallHandle, Duration?)], next: UInt64) {
        calls.withLock { calls in
            var expired: [(CallHandle, Duration?)] = []
            var next = UInt64.max
            for entry in calls.values {
                if entry.deadline <= now {
                    expired.append((entry.handle, entry.timeout))
                } else {
                    next = min(next, entry.deadline)
                }
            }
            return (expired, next)
        }
    }
}
