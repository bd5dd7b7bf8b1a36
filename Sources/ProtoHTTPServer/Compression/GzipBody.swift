// GzipBody.swift: inflates gzip request bodies with zlib, never past the request size limit.
import CZlib

/// Decompresses `Content-Encoding: gzip` request bodies.
enum GzipBody {
    /// Why a body could not be inflated.
    enum Failure: Error, Equatable {
        /// Not gzip, truncated, or with bytes after the gzip stream.
        case corrupt(String)
        /// It inflates to more than the limit (a compression bomb, or just too big).
        case tooLarge
    }

    /// The bytes `compressed` inflates to, at most `limit` of them.
    static func inflate(_ compressed: [UInt8], limit: Int) -> Result<[UInt8], Failure> {
        var stream = z_stream()
        guard czlib_inflate_init_gzip(&stream) == Z_OK else { return .failure(.corrupt("zlib could not start")) }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        var input = compressed
        return input.withUnsafeMutableBufferPointer { inBuffer -> Result<[UInt8], Failure> in
            stream.next_in = inBuffer.baseAddress
            stream.avail_in = UInt32(inBuffer.count)
            while true {
                let (status, produced) = chunk.withUnsafeMutableBufferPointer { outBuffer -> (Int32, Int) in
                    stream.next_out = outBuffer.baseAddress
                    stream.avail_out = UInt32(outBuffer.count)
                    let status = CZlib.inflate(&stream, Z_NO_FLUSH)
                    return (status, outBuffer.count - Int(stream.avail_out))
                }
                guard output.count + produced <= limit else { return .failure(.tooLarge) }
                output.append(contentsOf: chunk[0..<produced])
                switch status {
                case Z_STREAM_END:
                    guard stream.avail_in == 0 else { return .failure(.corrupt("bytes follow the end of the gzip stream")) }
                    return .success(output)
                case Z_OK:
                    continue
                case Z_BUF_ERROR where stream.avail_in == 0:
                    return .failure(.corrupt("the gzip stream is truncated"))
                default:
                    let reason = stream.msg.map { String(cString: $0) } ?? "zlib status \(status)"
                    return .failure(.corrupt(reason))
                }
            }
        }
    }
}
