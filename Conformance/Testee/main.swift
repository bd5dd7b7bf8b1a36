// main.swift: the conformance testee's stdin/stdout loop (4-byte little-endian length framing).

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ProtoWire

/// Reads exactly `count` bytes from stdin; `nil` on EOF before the first byte, and exits with
/// an error on EOF in the middle.
func readExactly(_ count: Int) -> [UInt8]? {
    var buffer = [UInt8](repeating: 0, count: count)
    var filled = 0
    while filled < count {
        let n = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress.map { $0 + filled }, count - filled) }
        if n > 0 {
            filled += n
        } else if n < 0 && errno == EINTR {
            continue
        } else if filled == 0 && n == 0 {
            return nil
        } else {
            fail("stdin ended in the middle of a frame (\(filled) of \(count) bytes)")
        }
    }
    return buffer
}

/// Writes all of `bytes` to stdout.
func writeAll(_ bytes: [UInt8]) {
    var offset = 0
    while offset < bytes.count {
        let n = bytes.withUnsafeBytes { write(1, $0.baseAddress.map { $0 + offset }, bytes.count - offset) }
        if n > 0 {
            offset += n
        } else if n < 0 && errno == EINTR {
            continue
        } else {
            fail("cannot write to stdout")
        }
    }
}

func fail(_ message: String) -> Never {
    let bytes = Array("conformance-testee: \(message)\n".utf8)
    _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    exit(1)
}

/// The largest request accepted, far above what the runner sends.
let maxFrame = 64 << 20

while let header = readExactly(4) {
    let length = Int(header[0]) | Int(header[1]) << 8 | Int(header[2]) << 16 | Int(header[3]) << 24
    guard length <= maxFrame else { fail("a frame of \(length) bytes is larger than \(maxFrame)") }
    guard let body = length == 0 ? [] : readExactly(length) else { fail("stdin ended before a frame's body") }
    let response: Conformance_ConformanceResponse
    do {
        let request = try Conformance_ConformanceRequest(serializedBytes: body)
        response = Testee.respond(to: request)
    } catch {
        var r = Conformance_ConformanceResponse()
        r.result = .runtimeError("the ConformanceRequest itself does not decode: \(error)")
        response = r
    }
    let out = response.serializedBytes()
    let n = UInt32(out.count)
    writeAll([UInt8(n & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n >> 16 & 0xFF), UInt8(n >> 24 & 0xFF)] + out)
}
exit(0)
