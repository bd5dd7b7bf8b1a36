// HexDump.swift: formats bytes as rows of hex for the codec demo's output.

/// Renders bytes as lines of 16 hex pairs, each prefixed with its offset.
func hexDump(_ bytes: [UInt8], indent: String = "  ") -> String {
    var lines: [String] = []
    var offset = 0
    while offset < bytes.count {
        let row = bytes[offset..<min(offset + 16, bytes.count)]
        let hex = row.map { byte in
            let s = String(byte, radix: 16)
            return s.count == 1 ? "0" + s : s
        }
        let label = String(offset, radix: 16)
        lines.append(indent + String(repeating: "0", count: max(0, 4 - label.count)) + label + "  " + hex.joined(separator: " "))
        offset += 16
    }
    return lines.joined(separator: "\n")
}
