// OfflineQueue+Replay.swift: sending stored calls again: per category, oldest first, through the manager, one committed step at a time.
import Foundation
import Synchronization

extension OfflineQueue {
    /// Sends the stored calls of `category` (`nil`: those without one) again, oldest first
    /// and one at a time, ahead of new calls of that category (held until the replay ends).
    ///
    /// Each entry's attempt count is committed before it is sent. An entry the server answers
    /// (any HTTP status) is removed, then reported to the ``onReplay(path:handler:)`` and
    /// ``onReplay(category:handler:)`` handlers. An entry that gets no answer stays, and the
    /// replay stops there (the network is gone again); past
    /// ``OfflineQueueConfiguration/maxAttempts`` or ``OfflineQueueConfiguration/maxAge`` it is
    /// dropped and reported to ``onDropped(_:)``. An entry whose protocol is not mapped
    /// (``OfflineQueueConfiguration/protocols``) stays, and the category waits behind it.
    /// Calling it while the category replays makes the running replay take one more pass.
    ///
    /// - Parameters:
    ///   - category: the category to replay; `nil` replays the calls made without one.
    ///   - completion: the replay's summary, on the manager's callback queue.
    public func resumeQueued(category: String?, completion: (@Sendable (ReplaySummary) -> Void)? = nil) {
        let queue = callbackQueue
        let waiter: ReplayGate.Waiter = { summary in if let completion { queue.async { completion(summary) } } }
        guard gate.begin(category, waiter: waiter) else { return }
        pass(category, summary: ReplaySummary())
    }

    /// The async form of ``resumeQueued(category:completion:)``: returns when the replay ends.
    @discardableResult
    public func resumeQueued(category: String?) async -> ReplaySummary {
        await withCheckedContinuation { continuation in
            resumeQueued(category: category) { continuation.resume(returning: $0) }
        }
    }

    /// Replays every category that has entries (``resumeQueued(category:completion:)`` for
    /// each, side by side); `completion` gets their summaries added up.
    public func resumeAllQueued(completion: (@Sendable (ReplaySummary) -> Void)? = nil) {
        let categories: [String?]
        do {
            categories = try store.categories()
        } catch {
            manager?.configuration.logger.error("offline queue: \(error)")
            if let completion { callbackQueue.async { completion(ReplaySummary()) } }
            return
        }
        guard !categories.isEmpty else {
            if let completion { callbackQueue.async { completion(ReplaySummary()) } }
            return
        }
        let total = Mutex((left: categories.count, summary: ReplaySummary()))
        for category in categories {
            resumeQueued(category: category) { summary in
                let done = total.withLock { total -> ReplaySummary? in
                    total.left -= 1
                    total.summary.answered += summary.answered
                    total.summary.dropped += summary.dropped
                    total.summary.remaining += summary.remaining
                    return total.left == 0 ? total.summary : nil
                }
                if let done { completion?(done) }
            }
        }
    }

    /// The async form of ``resumeAllQueued(completion:)``.
    @discardableResult
    public func resumeAllQueued() async -> ReplaySummary {
        await withCheckedContinuation { continuation in
            resumeAllQueued { continuation.resume(returning: $0) }
        }
    }

    // MARK: One pass

    /// Reads the category's entries, drops the expired, exhausted and coalesced ones, and
    /// sends the rest.
    func pass(_ category: String?, summary: ReplaySummary) {
        var summary = summary
        let batch: [QueuedCall]
        do {
            batch = try prepareBatch(category, summary: &summary)
        } catch {
            manager?.configuration.logger.error("offline queue: \(error)")
            endPass(category, summary: summary, stopped: true)
            return
        }
        send(batch[...], category: category, summary: summary)
    }

    private func prepareBatch(_ category: String?, summary: inout ReplaySummary) throws(OfflineError) -> [QueuedCall] {
        let entries = try store.entries(category: category)
        let now = configuration.now()
        var dropped: [DroppedCall] = []
        var live: [QueuedCall] = []
        for entry in entries {
            if let maxAge = configuration.maxAge, now.timeIntervalSince(entry.createdAt) > maxAge.fractionalSeconds {
                dropped.append(DroppedCall(entry: entry, reason: .expired))
            } else if let maxAttempts = configuration.maxAttempts, entry.attempts >= maxAttempts {
                dropped.append(DroppedCall(entry: entry, reason: .tooManyAttempts))
            } else {
                live.append(entry)
            }
        }
        var batch = live
        if let hook = configuration.batchHook, !live.isEmpty {
            // The hook chooses and orders; the entries sent are the stored ones.
            let stored = Dictionary(live.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            var chosen = Set<String>()
            batch = hook(category, live).compactMap { entry in
                guard let original = stored[entry.id], chosen.insert(entry.id).inserted else { return nil }
                return original
            }
            dropped += live.filter { !chosen.contains($0.id) }.map { DroppedCall(entry: $0, reason: .coalesced) }
        }
        try store.remove(ids: dropped.map(\.entry.id))
        summary.dropped += dropped.count
        reportDropped(dropped)
        return batch
    }

    /// Sends the first of `rest`; its answer sends the next.
    private func send(_ rest: ArraySlice<QueuedCall>, category: String?, summary: ReplaySummary) {
        guard var entry = rest.first else {
            endPass(category, summary: summary, stopped: false)
            return
        }
        guard let manager else {
            endPass(category, summary: summary, stopped: true)
            return
        }
        let managerProtocol = manager.configuration.wireProtocol.flatMap { $0.name == entry.protocolName ? $0 : nil }
        guard let wireProtocol = configuration.wireProtocol(named: entry.protocolName) ?? managerProtocol else {
            // Kept, and the category waits behind it, so nothing overtakes it or is lost.
            manager.configuration.logger.error("offline queue: the entry \(entry.id) was made with the wire protocol \"\(entry.protocolName)\", which OfflineQueueConfiguration.protocols does not map; add it there to replay this category.")
            endPass(category, summary: summary, stopped: true)
            return
        }
        let attempts: Int?
        do {
            attempts = try store.countAttempt(id: entry.id)
        } catch {
            manager.configuration.logger.error("offline queue: \(error)")
            endPass(category, summary: summary, stopped: true)
            return
        }
        guard let attempts else {
            // Removed meanwhile (remove(id:)); nothing to send.
            send(rest.dropFirst(), category: category, summary: summary)
            return
        }
        entry.attempts = attempts
        var context: [String: any Sendable] = entry.context.mapValues(\.value)
        context[ReplayGate.replayMarker] = entry.id
        var options = CallOptions(category: entry.category, tag: entry.tag, context: context, headers: entry.headers,
                                  wireProtocol: wireProtocol)
        options.queuesWhenOffline = false
        let sent = entry
        _ = manager.request(
            entry.httpMethod, entry.path, input: entry.body, requestSerializer: StoredBodySerializer(contentType: entry.contentType),
            responseSerializer: RawResponseSerializer(), options: options,
            success: { body, metadata in
                self.answered(sent, .success(ReplayResponse(body: body, metadata: metadata)), rest: rest, category: category, summary: summary)
            },
            failure: { error in
                if error.httpStatus != nil {
                    self.answered(sent, .failure(error), rest: rest, category: category, summary: summary)
                } else {
                    self.unanswered(sent, error: error, category: category, summary: summary)
                }
            }
        )
    }

    /// The server answered `entry`: it leaves the queue, then its handlers run.
    private func answered(_ entry: QueuedCall, _ result: Result<ReplayResponse, ProtoHTTPError>, rest: ArraySlice<QueuedCall>,
                          category: String?, summary: ReplaySummary) {
        do {
            try store.remove(ids: [entry.id])
        } catch {
            // It stays and will be sent again, with the same Idempotency-Key.
            manager?.configuration.logger.error("offline queue: \(error)")
        }
        var summary = summary
        summary.answered += 1
        handlers.deliver(ReplayedCall(entry: entry, result: result))
        send(rest.dropFirst(), category: category, summary: summary)
    }

    /// No answer for `entry`: it stays (or is dropped past its attempts) and the pass stops.
    private func unanswered(_ entry: QueuedCall, error: ProtoHTTPError, category: String?, summary: ReplaySummary) {
        var summary = summary
        var entry = entry
        entry.lastError = error.description
        do {
            try store.recordFailure(id: entry.id, message: error.description)
            if let maxAttempts = configuration.maxAttempts, entry.attempts >= maxAttempts, try store.remove(ids: [entry.id]) == 1 {
                summary.dropped += 1
                reportDropped([DroppedCall(entry: entry, reason: .tooManyAttempts)])
            }
        } catch {
            manager?.configuration.logger.error("offline queue: \(error)")
        }
        endPass(category, summary: summary, stopped: true)
    }

    /// Ends a pass: another one if asked for, else the held calls go and the waiters learn the summary.
    private func endPass(_ category: String?, summary: ReplaySummary, stopped: Bool) {
        switch gate.finishPass(category, stopped: stopped) {
        case .again:
            pass(category, summary: summary)
        case .done(let held, let waiters):
            var summary = summary
            summary.remaining = (try? store.count(category: category)) ?? 0
            for send in held { send() }
            for waiter in waiters { waiter(summary) }
        }
    }
}
