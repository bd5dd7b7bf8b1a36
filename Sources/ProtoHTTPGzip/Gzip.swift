// Gzip.swift: gzip bodies with zlib, one call each way: compress at a level, inflate never past a limit.
import CZlib

/// gzip (RFC 1952) for whole HTTP bodies, shared by the client (request bodies) and the server
/// (request inflation, response compression). Whole buffers in, whole buffers out: RPC bodies
/// are held in memory anyway, and one zlib call over the exact-size output is the fastest way
/// through zlib. ``Inflater`` inflates a body piece by piece as it arrives.
///
/// ```
/// compress:  [UInt8] ──deflate(level, Z_FINISH) into deflateBound bytes──► gzip bytes
/// inflate:   gzip bytes ──inflate into a buffer that grows, at most limit + 1 bytes──► [UInt8]
///            └─ more than limit bytes: .tooLarge (a compression bomb stops there)
/// ```
package enum Gzip {
    /// zlib's levels: 1 is fastest, 9 compresses most.
    package static let levels: ClosedRange<Int> = 1...9

    /// Why a body could not be inflated.
    package enum Failure: Error, Equatable {
        /// Not gzip, truncated, or with bytes after the gzip stream; the reason says which.
        case corrupt(String)
        /// It inflates to more than the limit (a compression bomb, or just too big).
        case tooLarge
        /// Past ``ratioFloor`` bytes out, it inflated more than `ratio` times the input read:
        /// a compression bomb, refused before most of its inflating is done.
        case tooCompressed(ratio: Int)
    }

    /// Output below which no ratio limit applies: small bodies cost nothing to inflate, however
    /// well they compress.
    package static let ratioFloor = 256 << 10

    /// Output past which an inflater that knows its input's length may refuse early: from here a
    /// stream read at more than the ratio limit whose length, inflated at the ratio so far, would
    /// pass ``ratioFloor`` is refused then, not once ``ratioFloor`` bytes have been inflated. A
    /// compression bomb announces a megabyte and shows its ratio at once; a small message of one
    /// repeated letter announces a few hundred bytes and is left alone.
    package static let earlyRatioFloor = 32 << 10

    /// `bytes` as one gzip member at `level` (clamped to ``levels``), or `nil` when zlib
    /// fails (it only does when memory runs out).
    package static func compress(_ bytes: [UInt8], level: Int) -> [UInt8]? {
        var stream = z_stream()
        let level = Int32(min(max(level, levels.lowerBound), levels.upperBound))
        guard czlib_deflate_init_gzip(&stream, level) == Z_OK else { return nil }
        defer { deflateEnd(&stream) }
        let bound = Int(deflateBound(&stream, uLong(bytes.count)))
        // Never 0 (a gzip member has an 18-byte frame): the in-place array below must not be
        // handed the standard library's shared empty storage, which it would write a count into.
        guard bound > 0 else { return nil }
        var finished = false
        // zlib never writes through next_in (it is `z_const`, empty unless ZLIB_CONST is set):
        // reading the array in place avoids copying it.
        let output = bytes.withUnsafeBufferPointer { inBuffer in
            [UInt8](unsafeUninitializedCapacity: bound) { outBuffer, written in
                var consumed = 0
                while !finished {
                    // zlib counts in 32 bits: at most 1 GiB in and out per call.
                    let feed = min(inBuffer.count - consumed, 1 << 30)
                    let room = min(outBuffer.count - written, 1 << 30)
                    stream.next_in = inBuffer.baseAddress.map { UnsafeMutablePointer(mutating: $0 + consumed) }
                    stream.avail_in = uInt(feed)
                    stream.next_out = outBuffer.baseAddress.map { $0 + written }
                    stream.avail_out = uInt(room)
                    let status = deflate(&stream, consumed + feed == inBuffer.count ? Z_FINISH : Z_NO_FLUSH)
                    consumed += feed - Int(stream.avail_in)
                    written += room - Int(stream.avail_out)
                    finished = status == Z_STREAM_END
                    // deflateBound leaves room for everything; anything else is zlib failing.
                    guard finished || status == Z_OK, written < outBuffer.count else { return }
                }
            }
        }
        return finished ? output : nil
    }

    /// The bytes `compressed` inflates to, at most `limit` of them. One gzip member, nothing
    /// after it (concatenated members are refused too); an empty input is corrupt (gzip has a
    /// header even for empty content). With `maxRatio`, output past ``ratioFloor`` bytes may be
    /// at most that many times the input read so far (checked every 8 KiB out, much as Apache's
    /// `DeflateInflateRatioLimit` does), and past ``earlyRatioFloor`` when `compressed` would
    /// inflate past ``ratioFloor`` at the ratio so far, so a bomb costs the inflating of a few
    /// chunks, not of `limit` bytes.
    package static func inflate(_ compressed: [UInt8], limit: Int, maxRatio: Int? = nil) -> Result<[UInt8], Failure> {
        let inflater = Inflater(limit: limit, maxRatio: maxRatio, expectedInput: compressed.count)
        if let failure = inflater.feed(compressed) { return .failure(failure) }
        return inflater.finish()
    }
}
