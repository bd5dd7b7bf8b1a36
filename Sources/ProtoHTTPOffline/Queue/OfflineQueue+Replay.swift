// OfflineQueue+Replay.swift: sending stored calls again: per category, oldest first, through the manager, one committed step at a time, waiting out transient answers.
import Foundation
import Synchronization
import ProtoHTTP
import ProtoHTTPCore

extension OfflineQueue {
    /// Sends the stored calls of `category` again, oldest first and one at a time, ahead of new
    /// calls of that category (held until the replay ends); `nil` sends every category's, as
    /// ``resumeAllQueued(completion:)`` does (SCAwesomeNetworking's reconnect semantics; the
    /// calls made without a category alone: ``resumeUncategorized(completion:)``).
    ///
    /// Each entry's attempt count is committed before it is sent. An entry the server answers
    /// (success, or an error that is not transient) is removed, then reported to the
    /// ``onReplay(path:handler:)`` and ``onReplay(category:handler:)`` handlers. An entry that
    /// gets no answer stays, and the replay stops there (the network is gone again). An entry
    /// that gets a transient answer (``OfflineQueueConfiguration/transient``: 503, 429,
    /// `unavailable`…) stays too, and its category waits until the answer's `Retry-After` (or
    /// the backoff) has passed; then the queue replays the category again by itself. Past
    /// ``OfflineQueueConfiguration/maxAttempts`` or ``OfflineQueueConfiguration/maxAge`` an
    /// entry is dropped and reported to ``onDropped(_:)``. Each entry is sent with the protocol
    /// of its kind (``OfflineQueueConfiguration/protocols``, else the manager's, else defaults).
    /// Calling it while the category replays makes the running replay take one more pass.
    ///
    /// - Parameters:
    ///   - category: the category to replay; `nil` replays every category.
    ///   - completion: the replay's summary (added up over the categories for `nil`), on the
    ///     manager's callback queue.
    public func resumeQueued(category: String?, completion: (@Sendable (ReplaySummary) -> Void)? = nil) {
        guard let category else {
            resumeAllQueued(completion: completion)
            return
        }
        replay(category, completion: completion)
    }

    /// The async form of ``resumeQueued(category:completion:)``: returns when the replay ends.
    @discardableResult
    public func resumeQueued(category: String?) async -> ReplaySummary {
        await withCheckedContinuation { continuation in
            resumeQueued(category: category) { continuation.resume(returning: $0) }
        }
    }

    /// Replays the stored calls made without a category, as ``resumeQueued(category:completion:)``
    /// replays one category.
    public func resumeUncategorized(completion: (@Sendable (ReplaySummary) -> Void)? = nil) {
        replay(nil, completion: completion)
    }

    /// The async form of ``resumeUncategorized(completion:)``: returns when the replay ends.
    @discardableResult
    public func resumeUncategorized() async -> ReplaySummary {
        await withCheckedContinuation { continuation in
            resumeUncategorized { continuation.resume(returning: $0) }
        }
    }

    /// Replays one category (`nil`: the calls made without one), or makes the replay that is
    /// running for it take one more pass.
    private func replay(_ category: String?, completion: (@Sendable (ReplaySummary) -> Void)?) {
        let queue = callbackQueue
        let waiter: ReplayGate.Waiter = { summary in if let completion { queue.async { completion(summary) } } }
        switch gate.begin(category, waiter: waiter) {
        case .run:
            pass(category, summary: ReplaySummary())
        case .joined:
            return
        case .closed:
            var summary = ReplaySummary()
            summary.remaining = (try? store.count(category: category)) ?? 0
            waiter(summary)
        }
    }

    /// Replays every category that has entries, the calls made without one included (each as
    /// ``resumeQueued(category:completion:)`` does, side by side); `completion` gets their
    /// summaries added up.
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
            replay(category) { summary in
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
        let batch: Batch
        do {
            batch = try prepareBatch(category, summary: &summary)
        } catch {
            manager?.configuration.logger.error("offline queue: \(error)")
            endPass(category, summary: summary, stopped: true)
            return
        }
        send(batch.entries[...], category: category, summary: summary, waiting: batch.waiting)
    }

    /// What one pass sends, and how long the category then waits for an entry a transient
    /// answer postponed (`nil`: nothing is waiting).
    private struct Batch {
        var entries: [QueuedCall]
        var waiting: Duration?
    }

    private func prepareBatch(_ category: String?, summary: inout ReplaySummary) throws(OfflineError) -> Batch {
        let entries = try store.entries(category: category)
        let clock = configuration.clock
        var dropped: [DroppedCall] = []
        var live: [QueuedCall] = []
        // A call in flight (stored before it was sent, its sender alive) is its sender's.
        for entry in entries where !entry.isInFlight {
            if let maxAge = configuration.maxAge, clock.age(of: entry) > maxAge.fractionalSeconds {
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
        // An entry postponed by a transient answer holds back itself and everything after it.
        let now = clock.wallTime()
        guard let held = batch.firstIndex(where: { ($0.notBefore ?? now) > now }) else { return Batch(entries: batch) }
        let wait = (batch[held].notBefore ?? now).timeIntervalSince(now)
        return Batch(entries: Array(batch[..<held]), waiting: min(.seconds(wait), configuration.transient.maxDelay))
    }

    /// Sends the first of `rest`; its answer sends the next. `waiting`: a postponed entry
    /// follows the batch, and the category comes back after that wait.
    private func send(_ rest: ArraySlice<QueuedCall>, category: String?, summary: ReplaySummary, waiting: Duration? = nil) {
        guard var entry = rest.first else {
            endPass(category, summary: summary, stopped: waiting != nil, comeBackAfter: waiting)
            return
        }
        guard !gate.isClosed else {
            // Shutting down: the rest stays stored for the next run.
            endPass(category, summary: summary, stopped: true)
            return
        }
        guard let manager else {
            endPass(category, summary: summary, stopped: true)
            return
        }
        let wireProtocol = configuration.wireProtocol(for: entry.rpcProtocol, manager: manager.configuration.wireProtocol)
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
            send(rest.dropFirst(), category: category, summary: summary, waiting: waiting)
            return
        }
        entry.attempts = attempts
        var context: [String: any Sendable] = entry.context.mapValues(\.value)
        context[ReplayGate.replayMarker] = entry.id
        let answer = ReplayAnswer()
        context[ReplayAnswer.contextKey] = answer
        var options = CallOptions(category: entry.category, tag: entry.tag, context: context, headers: entry.headers,
                                  wireProtocol: wireProtocol)
        options.queuesWhenOffline = false
        let sent = entry
        _ = manager.request(
            entry.httpMethod, entry.path, input: entry.body, requestSerializer: StoredBodySerializer(contentType: entry.contentType),
            responseSerializer: RawResponseSerializer(), options: options,
            success: { body, metadata in
                self.answered(sent, .success(ReplayResponse(body: body, metadata: metadata)), rest: rest, category: category,
                              summary: summary, waiting: waiting)
            },
            failure: { error in
                if self.configuration.transient.contains(error) {
                    self.postponed(sent, error: error, answer: answer, rest: rest, category: category, summary: summary, waiting: waiting)
                } else if error.httpStatus != nil {
                    self.answered(sent, .failure(error), rest: rest, category: category, summary: summary, waiting: waiting)
                } else {
                    self.unanswered(sent, error: error, category: category, summary: summary)
                }
            }
        )
    }

    /// The server answered `entry`: it leaves the queue, then its handlers run.
    private func answered(_ entry: QueuedCall, _ result: Result<ReplayResponse, ProtoHTTPError>, rest: ArraySlice<QueuedCall>,
                          category: String?, summary: ReplaySummary, waiting: Duration?) {
        do {
            try store.remove(ids: [entry.id])
        } catch {
            // It stays and will be sent again, with the same Idempotency-Key.
            manager?.configuration.logger.error("offline queue: \(error)")
        }
        var summary = summary
        summary.answered += 1
        handlers.deliver(ReplayedCall(entry: entry, result: result))
        send(rest.dropFirst(), category: category, summary: summary, waiting: waiting)
    }

    /// A transient answer for `entry` (``OfflineQueueConfiguration/transient``): it stays,
    /// postponed by the answer's `Retry-After` or the backoff, and the category waits for it,
    /// then comes back by itself. Past its attempts it is dropped instead, and the entries
    /// behind it go on at once (the server is answering).
    private func postponed(_ entry: QueuedCall, error: ProtoHTTPError, answer: ReplayAnswer, rest: ArraySlice<QueuedCall>,
                           category: String?, summary: ReplaySummary, waiting: Duration?) {
        var summary = summary
        var entry = entry
        entry.lastError = error.description
        let clock = configuration.clock
        let now = clock.wallTime()
        let wait = configuration.transient.delay(afterAttempt: entry.attempts, retryAfter: answer.retryAfter(now: now))
        do {
            if let maxAttempts = configuration.maxAttempts, entry.attempts >= maxAttempts {
                try store.recordFailure(id: entry.id, message: error.description)
                if try store.remove(ids: [entry.id]) == 1 {
                    summary.dropped += 1
                    reportDropped([DroppedCall(entry: entry, reason: .tooManyAttempts)])
                }
                send(rest.dropFirst(), category: category, summary: summary, waiting: waiting)
                return
            }
            try store.postpone(id: entry.id, message: error.description, until: now.addingTimeInterval(wait.fractionalSeconds))
        } catch {
            manager?.configuration.logger.error("offline queue: \(error)")
        }
        endPass(category, summary: summary, stopped: true, comeBackAfter: wait)
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

    /// Ends a pass: another one if asked for, else the held calls go and the waiters learn the
    /// summary. `comeBackAfter`: the category replays again by itself after that wait.
    private func endPass(_ category: String?, summary: ReplaySummary, stopped: Bool, comeBackAfter: Duration? = nil) {
        switch gate.finishPass(category, stopped: stopped) {
        case .again:
            pass(category, summary: summary)
        case .done(let held, let waiters, let idle):
            var summary = summary
            summary.remaining = (try? store.count(category: category)) ?? 0
            for send in held { send() }
            for waiter in waiters { waiter(summary) }
            for body in idle { body() }
            // After the replay has ended, so the comeback starts a new one instead of joining it.
            if let comeBackAfter { comeBack(category, after: comeBackAfter) }
        }
    }

    /// Replays `category` again once `delay` has passed on the queue's clock; one comeback per
    /// category is pending at a time (a later pass that finds its entry still postponed
    /// schedules the next).
    private func comeBack(_ category: String?, after delay: Duration) {
        guard comebacks.withLock({ $0.insert(CategoryKey(category)).inserted }) else { return }
        configuration.clock.run(after: delay, on: comebackQueue) { [weak self] in
            guard let self else { return }
            comebacks.withLock { _ = $0.remove(CategoryKey(category)) }
            replay(category, completion: nil)
        }
    }
}
