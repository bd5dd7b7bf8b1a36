// HTTP2Frames.swift: hand-made HTTP/2 client frames (preface, SETTINGS, HEADERS with literal HPACK, DATA) and a reader of the server's frames.

/// The bytes of an HTTP/2 client conversation, made by hand so a test can stop anywhere in it
/// (a stream whose body stalls, a header block that never ends), and the frames the server
/// answers with.
enum HTTP2Frames {
    /// The connection preface and an empty SETTINGS frame.
    static let preface: [UInt8] = Array("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".utf8) + frame(type: 0x4, flags: 0, stream: 0, [])

    /// One frame: 24-bit length, type, flags, 31-bit stream id, payload.
    static func frame(type: UInt8, flags: UInt8, stream: UInt32, _ payload: [UInt8]) -> [UInt8] {
        let length = UInt32(payload.count)
        return [UInt8(truncatingIfNeeded: length >> 16), UInt8(truncatingIfNeeded: length >> 8), UInt8(truncatingIfNeeded: length), type, flags]
            + [UInt8(truncatingIfNeeded: stream >> 24), UInt8(truncatingIfNeeded: stream >> 16), UInt8(truncatingIfNeeded: stream >> 8), UInt8(truncatingIfNeeded: stream)]
            + payload
    }

    /// A HEADERS frame with END_HEADERS (and END_STREAM when `endStream`), each field a literal
    /// without indexing and without Huffman coding (names and values under 127 bytes).
    static func headers(stream: UInt32, _ fields: [(String, String)], endStream: Bool = false) -> [UInt8] {
        var block: [UInt8] = []
        for (name, value) in fields {
            block.append(0x00)
            block.append(UInt8(name.utf8.count))
            block += Array(name.utf8)
            block.append(UInt8(value.utf8.count))
            block += Array(value.utf8)
        }
        return frame(type: 0x1, flags: 0x4 | (endStream ? 0x1 : 0), stream: stream, block)
    }

    /// A DATA frame.
    static func data(stream: UInt32, _ bytes: [UInt8], endStream: Bool = false) -> [UInt8] {
        frame(type: 0x0, flags: endStream ? 0x1 : 0, stream: stream, bytes)
    }

    /// The request headers of a Connect binary POST to `path` with a body of `length` bytes.
    static func connectPost(_ path: String, length: Int) -> [(String, String)] {
        [(":method", "POST"), (":scheme", "http"), (":path", path), (":authority", "127.0.0.1"),
         ("content-type", "application/proto"), ("connect-protocol-version", "1"), ("content-length", "\(length)")]
    }

    /// One frame the server sent.
    struct Frame: Equatable, CustomStringConvertible {
        var type: UInt8
        var flags: UInt8
        var stream: UInt32
        var payload: [UInt8]

        var endsStream: Bool { (type == 0x0 || type == 0x1) && flags & 0x1 != 0 }
        var isReset: Bool { type == 0x3 }
        var description: String { "type \(type) flags \(flags) stream \(stream) length \(payload.count)" }
    }

    /// The whole frames at the front of `bytes`, removed from it.
    static func parse(_ bytes: inout [UInt8]) -> [Frame] {
        var frames: [Frame] = []
        while bytes.count >= 9 {
            let length = Int(bytes[0]) << 16 | Int(bytes[1]) << 8 | Int(bytes[2])
            guard bytes.count >= 9 + length else { break }
            let stream = (UInt32(bytes[5]) << 24 | UInt32(bytes[6]) << 16 | UInt32(bytes[7]) << 8 | UInt32(bytes[8])) & 0x7fff_ffff
            frames.append(Frame(type: bytes[3], flags: bytes[4], stream: stream, payload: Array(bytes[9..<(9 + length)])))
            bytes.removeFirst(9 + length)
        }
        return frames
    }
}
