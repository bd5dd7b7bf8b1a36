// CachedHeaderCoding.swift: the kept headers of a cached response as one length-prefixed blob (the disk cache's `headers` column).
import HTTPTypes


/// How ``DiskResponseCache`` stores a response's kept headers in its `headers` BLOB column:
///
/// ```
///  0x01                                       format version
///  then per header, in order:
///    name length  (UInt32, big-endian)   name  (UTF-8)
///    value length (UInt32, big-endian)   value (UTF-8)
/// ```
///
/// Compact (a typical `Content-Type` + `ETag` pair is well under 100 bytes), cheap to write
/// and read, and read defensively: every length is checked against what remains, so a
/// damaged blob decodes to `nil`, never to a crash or a huge allocation.
enum CachedHeaderCoding {
    /// The format byte written first.
    static let formatVersion: UInt8 = 1

    /// The blob for `headers`.
    static func encode(_ headers: HTTPFields) -> [UInt8] {
        var bytes: [UInt8] = [formatVersion]
        bytes.reserveCapacity(1 + headers.reduce(0) { $0 + 8 + $1.name.rawName.utf8.count + $1.value.utf8.count })
        for header in headers {
            append(header.name.rawName, to: &bytes)
            append(header.value, to: &bytes)
        }
        return bytes
    }

    /// The headers in `bytes`, or `nil` when the blob is not in this format or is cut short. A
    /// field whose name is not a valid `HTTPField.Name` (possible only in rows written before
    /// headers were `HTTPFields`) is left out; the rest of the row still reads.
    static func decode(_ bytes: some Collection<UInt8>) -> HTTPFields? {
        var reader = Reader(bytes: Array(bytes))
        guard reader.byte() == formatVersion else { return nil }
        var headers: HTTPFields = [:]
        while !reader.isAtEnd {
            guard let name = reader.string(), let value = reader.string() else { return nil }
            if let fieldName = HTTPField.Name(name) { headers.append(HTTPField(name: fieldName, value: value)) }
        }
        return headers
    }

    private static func append(_ text: String, to bytes: inout [UInt8]) {
        let utf8 = text.utf8
        let count = UInt32(truncatingIfNeeded: utf8.count)
        bytes.append(contentsOf: [UInt8(count >> 24), UInt8((count >> 16) & 0xff), UInt8((count >> 8) & 0xff), UInt8(count & 0xff)])
        bytes.append(contentsOf: utf8)
    }

    /// Reads the blob front to back, checking every length against what remains.
    private struct Reader {
        let bytes: [UInt8]
        var offset = 0

        var isAtEnd: Bool { offset == bytes.count }

        mutating func byte() -> UInt8? {
            guard offset < bytes.count else { return nil }
            defer { offset += 1 }
            return bytes[offset]
        }

        mutating func string() -> String? {
            guard bytes.count - offset >= 4 else { return nil }
            let count = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            offset += 4
            guard bytes.count - offset >= count else { return nil }
            defer { offset += count }
            return String(validating: bytes[offset..<offset + count], as: UTF8.self)
        }
    }
}
