// RequestFraming.swift: where one HTTP/1.1 request with a Content-Length body ends in the bytes read so far.

/// Finds whole requests in a connection's input, as the holding server needs them: a head
/// ending in CRLF CRLF and a body of its `Content-Length` (the ProtoHTTP client sends one for
/// every unary POST).
enum RequestFraming {
    /// One whole request at the start of the input.
    struct Request: Equatable, Sendable {
        /// Its length in bytes, head and body.
        var length: Int
        /// Whether its target starts with ``HoldServeCommand/warmupPath`` (answered at once).
        var isWarmup: Bool
    }

    /// Why the input cannot be framed.
    struct Unframed: Error, CustomStringConvertible, Sendable {
        /// What the head lacked.
        var description: String
    }

    private static let headEnd: [UInt8] = Array("\r\n\r\n".utf8)
    private static let lengthName: [UInt8] = Array("content-length:".utf8)
    private static let warmupLine: [UInt8] = Array("POST \(HoldServeCommand.warmupPath)".utf8)

    /// The first whole request in `input`, `nil` while it is still arriving.
    static func first(in input: ArraySlice<UInt8>) throws(Unframed) -> Request? {
        guard let end = firstIndex(of: headEnd, in: input) else {
            guard input.count < 64 * 1024 else { throw Unframed(description: "a request head longer than 64 KiB") }
            return nil
        }
        let head = input[input.startIndex..<end]
        guard let bodyLength = contentLength(head) else {
            throw Unframed(description: "a request without Content-Length: \(String(decoding: head.prefix(200), as: UTF8.self))")
        }
        let length = end + headEnd.count - input.startIndex + bodyLength
        guard input.count >= length else { return nil }
        return Request(length: length, isWarmup: head.starts(with: warmupLine))
    }

    /// The value of the head's `Content-Length` line (case-insensitive name).
    private static func contentLength(_ head: ArraySlice<UInt8>) -> Int? {
        for line in head.split(separator: UInt8(ascii: "\n")) {
            let lowered = line.prefix(lengthName.count).map { $0 | 0x20 }
            guard lowered == lengthName else { continue }
            let digits = line.dropFirst(lengthName.count).filter { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
            return Int(String(decoding: digits, as: UTF8.self))
        }
        return nil
    }

    /// The index where `needle` first starts in `haystack`.
    private static func firstIndex(of needle: [UInt8], in haystack: ArraySlice<UInt8>) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        var index = haystack.startIndex
        while index <= haystack.endIndex - needle.count {
            if haystack[index] == needle[0], haystack[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}
