// JSONIndentation.swift: compact JSON (as ProtoWire writes it) laid out with two-space indentation, one member or element per line.

/// Lays out valid compact JSON with two-space indentation: `"name": value`, one member or
/// element per line, `{}` and `[]` kept as they are. Only the layout changes: the tokens,
/// strings included, are copied byte for byte, so the result is the same JSON value.
enum JSONIndentation {
    static func indent(_ json: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(json.count * 2)
        var depth = 0
        var inString = false
        var escaped = false
        var index = 0
        func newline() {
            out.append(UInt8(ascii: "\n"))
            out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: depth * 2))
        }
        while index < json.count {
            let byte = json[index]
            defer { index += 1 }
            if inString {
                out.append(byte)
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                inString = true
                out.append(byte)
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                out.append(byte)
                let close = byte == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
                var next = index + 1
                while next < json.count, isSpace(json[next]) { next += 1 }
                if next < json.count, json[next] == close {
                    out.append(close)
                    index = next
                } else {
                    depth += 1
                    newline()
                }
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                newline()
                out.append(byte)
            case UInt8(ascii: ","):
                out.append(byte)
                newline()
            case UInt8(ascii: ":"):
                out.append(contentsOf: [UInt8(ascii: ":"), UInt8(ascii: " ")])
            case let space where isSpace(space):
                break
            default:
                out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\t")
    }
}
