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

    /// `error`, after the call was offered to `queue`: with the entry's id and a sentence
    /// saying so, or with a sentence saying why it could not be stored.
    func offer(_ staged: StagedCall, error: ProtoHTTPError, to queue: any OfflineCallQueue) -> ProtoHTTPError {
        guard queue.shouldQueue(error) else { return error }
        var error = error
        do throws(ProtoHTTPError) {
            let id = try queue.enqueue(call(staged, error: error))
            error.cause = QueuedCallCause(entryID: id, cause: error.cause)
            error.message += " The call was stored in the offline queue as \(id) and will be sent again (Idempotency-Key \(idempotencyKey)) when the queue is resumed."
        } catch let queueError {
            error.message += " It could not be stored in the offline queue either: \(queueError.message)"
        }
        return error
    }
}
