// GzipInflater.swift: one gzip stream inflated piece by piece as it arrives, never past a size limit or an inflation ratio.
import CZlib

extension Gzip {
    /// Inflates one gzip member fed in pieces, so a server can refuse a compression bomb after
    /// its first few kilobytes instead of after reading all of it.
    ///
    /// ```
    /// feed(piece) ─► inflate into output (grows by doubling, at most limit + 1 bytes)
    ///                 ├─ past limit ............................ .tooLarge
    ///                 ├─ > maxRatio × read, past ratioFloor, or
    ///                 │  past earlyRatioFloor when expectedInput
    ///                 │  would inflate past ratioFloor at that ratio .tooCompressed
    ///                 └─ not gzip, bytes after its end .......... .corrupt
    /// finish() ─► the inflated bytes, or .corrupt when the stream had not ended
    /// ```
    ///
    /// The first failure sticks: later `feed`s do nothing and `finish` returns it. zlib's state
    /// is made at the first piece (a request announced but never sent costs no zlib memory) and
    /// freed when the inflater goes.
    package final class Inflater {
        private let limit: Int
        private let maxRatio: Int?
        private let expectedInput: Int?
        /// zlib's stream: it keeps a pointer back to it, so it lives at one address.
        private var stream: UnsafeMutablePointer<z_stream>?
        private var output: [UInt8] = []
        /// Bytes inflated so far.
        package private(set) var produced = 0
        private var firstCapacity: Int
        private var ended = false
        private var failure: Failure?

        /// An inflater whose output may reach `limit` bytes and, with `maxRatio`, past
        /// ``Gzip/ratioFloor`` at most `maxRatio` times the input read so far. `expectedInput`,
        /// the compressed size when it is known (`Content-Length`), sizes the first output buffer
        /// and lets a bomb be refused past ``Gzip/earlyRatioFloor`` already.
        package init(limit: Int, maxRatio: Int? = nil, expectedInput: Int? = nil) {
            self.limit = limit
            self.maxRatio = maxRatio
            self.expectedInput = expectedInput
            let guess = (expectedInput ?? 0).multipliedReportingOverflow(by: 4).partialValue
            let capped = maxRatio == nil ? guess : min(guess, 2 * earlyRatioFloor)
            firstCapacity = min(limit < Int.max ? limit + 1 : limit, max(capped, 4096))
        }

        deinit {
            if let stream {
                inflateEnd(stream)
                stream.deallocate()
            }
        }

        /// Inflates `bytes`, the stream's next piece: `nil` while all is well, or why the stream
        /// cannot be inflated (then and on every later call).
        @discardableResult
        package func feed(_ bytes: UnsafeRawBufferPointer) -> Failure? {
            if let failure { return failure }
            guard !bytes.isEmpty, let base = bytes.baseAddress else { return nil }
            guard !ended else { return fail(.corrupt("bytes follow the end of the gzip stream")) }
            guard let stream = started() else { return failure }
            // zlib counts in 32 bits: at most 1 GiB in per call.
            var offset = 0
            while offset < bytes.count {
                let piece = min(bytes.count - offset, 1 << 30)
                // zlib never writes through next_in (it is `z_const`, empty unless ZLIB_CONST is set).
                stream.pointee.next_in = UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: UInt8.self) + offset)
                stream.pointee.avail_in = uInt(piece)
                if let failure = inflatePiece(stream) { return failure }
                offset += piece
                if ended, offset < bytes.count { return fail(.corrupt("bytes follow the end of the gzip stream")) }
            }
            return nil
        }

        /// Inflates `bytes`, the stream's next piece (see ``feed(_:)-(UnsafeRawBufferPointer)``).
        @discardableResult
        package func feed(_ bytes: [UInt8]) -> Failure? {
            bytes.withUnsafeBytes { feed($0) }
        }

        /// The inflated bytes once the whole stream has been fed: a stream that has not ended
        /// (or never began) is truncated, so corrupt.
        package func finish() -> Result<[UInt8], Failure> {
            if let failure { return .failure(failure) }
            guard ended else { return .failure(fail(.corrupt("the gzip stream is truncated"))) }
            output.removeSubrange(produced...)
            return .success(output)
        }

        // MARK: zlib

        private func started() -> UnsafeMutablePointer<z_stream>? {
            if let stream { return stream }
            let made = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
            made.initialize(to: z_stream())
            guard czlib_inflate_init_gzip(made) == Z_OK else {
                made.deallocate()
                fail(.corrupt("zlib could not start"))
                return nil
            }
            stream = made
            output = [UInt8](repeating: 0, count: firstCapacity)
            return made
        }

        /// Inflates what `stream` holds as input until it is all read (or the member ends).
        private func inflatePiece(_ stream: UnsafeMutablePointer<z_stream>) -> Failure? {
            let ceiling = limit < Int.max ? limit + 1 : limit
            // Under a ratio limit the output comes in steps of 8 KiB, so the ratio is checked as it grows.
            let step = maxRatio == nil ? 1 << 30 : 8 << 10
            while true {
                if produced == output.count {
                    guard output.count < ceiling else { return fail(.tooLarge) }
                    output.append(contentsOf: repeatElement(0, count: min(ceiling, output.count * 2) - output.count))
                }
                let room = min(output.count - produced, step)
                let status = output.withUnsafeMutableBufferPointer { outBuffer -> Int32 in
                    stream.pointee.next_out = outBuffer.baseAddress.map { $0 + produced }
                    stream.pointee.avail_out = uInt(room)
                    return CZlib.inflate(stream, Z_NO_FLUSH)
                }
                produced += room - Int(stream.pointee.avail_out)
                guard produced <= limit else { return fail(.tooLarge) }
                if let maxRatio, overRatio(maxRatio, read: Int(stream.pointee.total_in)) {
                    return fail(.tooCompressed(ratio: maxRatio))
                }
                switch status {
                case Z_STREAM_END:
                    ended = true
                    return stream.pointee.avail_in == 0 ? nil : fail(.corrupt("bytes follow the end of the gzip stream"))
                case Z_OK, Z_BUF_ERROR:
                    // Output full: zlib may hold more, so go round with room. Otherwise all the
                    // input was read (Z_BUF_ERROR: none was left to make progress with).
                    if stream.pointee.avail_out == 0 { continue }
                    if stream.pointee.avail_in == 0 { return nil }
                    if status == Z_BUF_ERROR { return fail(.corrupt("zlib made no progress")) }
                default:
                    let reason = stream.pointee.msg.map { String(cString: $0) } ?? "zlib status \(status)"
                    return fail(.corrupt(reason))
                }
            }
        }

        /// Whether the output so far breaks the ratio rule, `read` compressed bytes in.
        private func overRatio(_ maxRatio: Int, read: Int) -> Bool {
            guard produced > earlyRatioFloor else { return false }
            let read = max(read, 1)
            guard produced / read > maxRatio else { return false }
            if produced > ratioFloor { return true }
            // Early: what the whole input would inflate to at this ratio (in floating point: a
            // length and a ratio of a bomb multiply past Int).
            guard let expectedInput else { return false }
            return Double(produced) / Double(read) * Double(expectedInput) > Double(ratioFloor)
        }

        @discardableResult
        private func fail(_ reason: Failure) -> Failure {
            failure = reason
            return reason
        }
    }
}
