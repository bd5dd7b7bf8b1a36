// QueueingRecord.swift: what an offline queue stores of a queueable call, and the offer of a failed one.
import Foundation
import HTTPTypes
import ProtoHTTP
import ProtoHTTPCore

/// The parts of a call made with `CallOptions.queuesWhenOffline` that an offline queue
/// stores, taken from the staged call when it starts: the body before compression, the call's own
/// query folded into its path, its own headers, and its `Idempotency-Key`.
struct QueueingRecord: Sendable {
    /// The header every attempt of a queueable call sends.
    static let headerName: HTTPField.Name = .idempotencyKey

    let path: String
    let body: [UInt8]
    let contentType: String?
    let headers: HTTPFields
    let idempotencyKey: String

    init(_ staged: StagedCall) {
        let options = staged.options
        self.path = staged.pathWithOwnQuery
        self.body = staged.serializedBody?.bytes ?? []
        self.contentType = staged.serializedBody?.contentType
        let own = options.headers.firstValue(Self.headerName)
        self.idempotencyKey = own ?? UUID().uuidString.lowercased()
        self.headers = own == nil ? options.headers + [HTTPField(name: Self.headerName, value: idempotencyKey)] : options.headers
    }

    /// The call as the queue receives it, failed with `error`.
    func call(_ staged: StagedCall, error: ProtoHTTPError) -> QueueableCall {
        let info = staged.info
        return QueueableCall(httpMethod: staged.httpMethod, path: path, idempotencyLevel: info.method?.idempotencyLevel,
                             rpcProtocol: info.rpcProtocol, body: body, contentType: contentType, headers: headers,
                             idempotencyKey: idempotencyKey, category: info.category, tag: info.tag, context: info.context, error: error)
    }

    /// What a write-ahead entry reports as its last failure when its process ends before the
    /// call is answered.
    static let inFlightError = ProtoHTTPError(
        code: .unavailable,
        message: "the call was stored before it was sent, and its process ended before an answer arrived; it is sent again with the same Idempotency-Key."
    )

    /// Stores the call in `queue` before it is sent; its entry id, or `nil` if not stored.
    func storeBeforeSending(_ staged: StagedCall, in queue: any OfflineCallQueue) -> String? {
        queue.storeBeforeSending(call(staged, error: Self.inFlightError))
    }

    /// `outcome`, after the write-ahead entry `id` was settled in `queue`: a failure for the
    /// network keeps the entry (the error then names it, as ``offer(_:error:to:)`` does);
    /// anything else removes it.
    func endWriteAhead(_ id: String, outcome: CallOutcome, in queue: any OfflineCallQueue) -> CallOutcome {
        let keep = outcome.error.map(queue.shouldQueue) ?? false
        do throws(ProtoHTTPError) {
            try queue.endWriteAhead(id: id, keep: keep, error: outcome.error)
        } catch let queueError {
            // Removing failed: the entry stays and a replay sends it again, with the same key.
            guard keep, var error = outcome.error else { return outcome }
            error.message += " It could not be kept in the offline queue either: \(queueError.message)"
            return outcome.failing(with: error)
        }
        guard keep, var error = outcome.error else { return outcome }
        error.cause = QueuedCallCause(entryID: id, cause: error.cause)
        error.message += Self.storedSentence(id: id, key: idempotencyKey)
        return outcome.failing(with: error)
    }

    /// What a stored call's failure message ends with.
    private static func storedSentence(id: String, key: String) -> String {
        " The call was stored in the offline queue as \(id) and will be sent again (Idempotency-Key \(key)) when the queue is resumed."
    }

    /// `error`, after the call was offered to `queue`: with the entry's id and a sentence
    /// saying so, or with a sentence saying why it could not be stored.
    func offer(_ staged: StagedCall, error: ProtoHTTPError, to queue: any OfflineCallQueue) -> ProtoHTTPError {
        guard queue.shouldQueue(error) else { return error }
        var error = error
        do throws(ProtoHTTPError) {
            let id = try queue.enqueue(call(staged, error: error))
            error.cause = QueuedCallCause(entryID: id, cause: error.cause)
            error.message += Self.storedSentence(id: id, key: idempotencyKey)
        } catch let queueError {
            error.message += " It could not be stored in the offline queue either: \(queueError.message)"
        }
        return error
    }
}
