// InProcessCall.swift: one call of an InProcessTransport: its task, its time limit, and the one completion it delivers.
import ProtoHTTP
import ProtoHTTPCore
import Synchronization

/// One call on an ``InProcessTransport``: delivers exactly one result (the server's answer, a
/// cancel, or its time limit), whichever comes first, and cancels the server's task when the
/// answer is no longer wanted.
final class InProcessCall: ClientTransportCall {
    private struct State {
        var completion: (@Sendable (Result<TransportResponse, ProtoHTTPError>) -> Void)?
        var task: Task<Void, Never>?
        var timer: Task<Void, Never>?
    }
    private let state: Mutex<State>
    private let ended: @Sendable (UInt64) -> Void
    /// The transport's number for it (0 until it is registered).
    var id: UInt64 {
        get { identifier.load(ordering: .relaxed) }
        set { identifier.store(newValue, ordering: .relaxed) }
    }
    private let identifier = Atomic<UInt64>(0)

    init(completion: @escaping @Sendable (Result<TransportResponse, ProtoHTTPError>) -> Void, ended: @escaping @Sendable (UInt64) -> Void) {
        self.state = Mutex(State(completion: completion))
        self.ended = ended
    }

    /// Runs `work` on a task of its own and, with `timeout`, fails the call with
    /// `deadline_exceeded` once it passes.
    func run(timeout: Duration?, _ work: @escaping @Sendable () async -> Void) {
        let task = Task { await work() }
        var timer: Task<Void, Never>?
        if let timeout {
            timer = Task { [weak self] in
                guard (try? await Task.sleep(for: timeout)) != nil else { return }
                self?.finish(.failure(ProtoHTTPError(code: .deadlineExceeded, message: "the in-process call did not finish within \(timeout); raise the timeout or check the handler.")))
            }
        }
        let finished = state.withLock { state -> Bool in
            guard state.completion != nil else { return true }
            state.task = task
            state.timer = timer
            return false
        }
        if finished {
            task.cancel()
            timer?.cancel()
        }
    }

    /// Delivers `result` unless a result was delivered already; stops what is still running.
    func finish(_ result: Result<TransportResponse, ProtoHTTPError>) {
        let (completion, task, timer) = state.withLock { state in
            defer { state = State() }
            return (state.completion, state.task, state.timer)
        }
        guard let completion else { return }
        timer?.cancel()
        if case .failure = result { task?.cancel() }  // the handler's answer is no longer wanted
        ended(id)
        completion(result)
    }

    func cancel() { finish(.failure(.cancelled())) }
}
