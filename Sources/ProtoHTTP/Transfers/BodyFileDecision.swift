// BodyFileDecision.swift: what a response does to a body file: kept in memory, written from an offset, or refused (pure).
import ProtoHTTPCore
import HTTPTypes

/// What the transport does with a response whose request has a ``ResponseBodyFile``, decided
/// once, from the status and headers, before the first body byte is written. Pure.
enum BodyFileDecision: Equatable, Sendable {
    /// Not a 2xx (nor a 416 that says the file is complete): the body stays in memory and
    /// the file is not touched.
    case memory
    /// Truncate the file to `offset` and write the body from there (0: start over; the
    /// request's resume offset: continue).
    case write(offset: Int64)
    /// A 416 confirming that the file already holds all `size` bytes: keep it as it is and
    /// discard the body (an error page).
    case complete(size: Int64)
    /// The response cannot go into the file; the call fails with this error, the file untouched.
    case fail(ProtoHTTPError)

    /// The decision for a response with `status` and `headers` to a request for `file`
    /// (whose `Range` asked for `file.resumeOffset`-), under the size `limit`.
    static func decide(status: Int, headers: HTTPFields, file: ResponseBodyFile, limit: Int64) -> BodyFileDecision {
        let offset = file.resumeOffset
        let contentLength = headers.firstValue(.contentLength).flatMap { Int64($0.trimmingSpaces) }
        switch status {
        case 206:
            guard let header = headers.firstValue(.contentRange), let range = ContentRange(header), let bytes = range.range else {
                return .fail(mismatch("a 206 without a single byte range in Content-Range (\(headers.firstValue(.contentRange) ?? "none"))", file))
            }
            guard bytes.lowerBound == offset else {
                return .fail(mismatch("a 206 with Content-Range \(header), which does not start at byte \(offset)", file))
            }
            if let complete = range.completeLength, bytes.upperBound != complete - 1 {
                return .fail(mismatch("a 206 with Content-Range \(header), which stops before the end of the \(complete)-byte file", file))
            }
            let size = range.completeLength ?? (bytes.upperBound + 1)
            if size > limit { return .fail(tooLarge(file, declared: size, limit: limit)) }
            return .write(offset: offset)
        case 416:
            // If-Range is evaluated before Range (RFC 9110 §13.2.2), so a 416 to our request
            // means the validator matched and the range starts at the end: the file is whole.
            if offset > 0, let header = headers.firstValue(.contentRange), let range = ContentRange(header),
               range.range == nil, range.completeLength == offset {
                return .complete(size: offset)
            }
            return .memory
        case 200..<300:
            if let contentLength, contentLength > limit { return .fail(tooLarge(file, declared: contentLength, limit: limit)) }
            return .write(offset: 0)
        default:
            return .memory
        }
    }

    /// The error for a 206 that does not continue the file where it stopped.
    static func mismatch(_ what: String, _ file: ResponseBodyFile) -> ProtoHTTPError {
        ProtoHTTPError(
            code: .failedPrecondition,
            message: "the server answered \(what), so the body cannot continue \(file.path) at byte \(file.resumeOffset); the file was not changed and its resume record was removed, so the next download starts over."
        )
    }

    /// The error for a body above the size limit.
    static func tooLarge(_ file: ResponseBodyFile, declared: Int64, limit: Int64) -> ProtoHTTPError {
        ProtoHTTPError(
            code: .resourceExhausted,
            message: "the download to \(file.path) is \(declared) bytes, more than its size limit of \(limit) bytes; raise maxSize (or TransportConfiguration.maxDownloadSize) if this size is expected."
        )
    }
}
