// CallSending.swift: stage 3 of a manager call, send: the end of the interceptor chain, where a request meets the transport.
import Dispatch
import Logging

/// Wraps the send stage in a call kind's own step, run for every attempt, between the
/// interceptors and the transport (see `run`).
typealias SenderWrapper = @Sendable (@escaping InterceptorNext) -> InterceptorNext

extension ProtoHTTPManager {
    /// Stage 3: the chain's terminal. Sends each request it is given (once, or once per retry
    /// attempt) unless the call already ended, attaches the transfer to the handle so
    /// cancellation and the deadline can stop it, and reports the result on the work queue, or
    /// on `settleQueue` (a plain call's, see `settleQueue(handle:…)`) when the response body is
    /// at most ``inlineSettleLimit`` bytes: interceptors and decoding never run on the
    /// transport thread, and a large body is never decoded on the serial callback queue.
    ///
    /// Each transfer's own limit is set just past the time the call has left (see
    /// ``CallDeadline/transferBackstop``), so a retried transfer cannot outlive its call.
    func sender(for handle: CallHandle, info: CallInfo, deadline: CallDeadline?, logger: Logger,
                settleQueue: DispatchQueue?) -> InterceptorNext {
        let transport = self.transport
        let workQueue = self.workQueue
        return { request, done in
            var request = request
            if let deadline {
                let limit = deadline.remaining() + CallDeadline.transferBackstop
                request.timeout = min(request.timeout ?? limit, limit)
            }
            guard !handle.isFinished else {
                // Cancelled or expired meanwhile: nothing reaches the transport.
                done(.failure(.cancelled()))
                return
            }
            RequestLogging.logRequest(logger, id: info.id, request: request)
            var handedOff: (@Sendable () -> Void)?
            if handle.reportsHandOff { handedOff = { handle.handedOff() } }
            // The transport calls this directly on its thread; the handle only enqueues.
            if handle.reportsProgress { request.progress = ProgressHandler { handle.reportProgress($0) } }
            let call = transport.start(request, handedOff: handedOff) { result in
                var queue = workQueue
                if let settleQueue, case .success(let response) = result, response.body.count <= Self.inlineSettleLimit {
                    queue = settleQueue
                }
                queue.async {
                    RequestLogging.logResponse(logger, id: info.id, result: result)
                    done(result)
                }
            }
            handle.attach(call)
        }
    }

    /// The largest response body a plain call decodes on the callback queue (64 KiB); larger
    /// bodies, and failures, go through the work queue so other callbacks are not held up.
    static let inlineSettleLimit = 64 << 10
}
