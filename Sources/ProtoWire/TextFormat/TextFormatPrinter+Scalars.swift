// TextFormatPrinter+Scalars.swift: scalar values as text: integers, floats in shortest form, C-escaped strings.

extension TextFormatPrinter {
    /// Appends ASCII (or any UTF-8) text.
    mutating func append(_ text: String) {
        output.append(contentsOf: text.utf8)
    }

    /// Appends `bytes` between double quotes, C-escaped: `\n`, `\r`, `\t`, `\"`, `\'` and `\\`
    /// by name, other control bytes and DEL in three-digit octal. With `keepUTF8` (valid UTF-8
    /// `string` values) bytes from 0x80 up are kept as they are, as protoc prints UTF-8 text;
    /// otherwise (`bytes`, unknown payloads) they are octal too.
    mutating func appendQuoted(_ bytes: UnsafeRawBufferPointer, keepUTF8: Bool) {
        output.append(0x22)
        for byte in bytes {
            switch byte {
            case 0x0A: output.append(contentsOf: [0x5C, 0x6E])  // \n
            case 0x0D: output.append(contentsOf: [0x5C, 0x72])  // \r
            case 0x09: output.append(contentsOf: [0x5C, 0x74])  // \t
            case 0x22, 0x27, 0x5C: output.append(contentsOf: [0x5C, byte])
            case 0x20..<0x7F: output.append(byte)
            case 0x80...0xFF where keepUTF8: output.append(byte)
            default:
                output.append(0x5C)
                output.append(0x30 + (byte >> 6))
                output.append(0x30 + (byte >> 3 & 7))
                output.append(0x30 + (byte & 7))
            }
        }
        output.append(0x22)
    }

    /// A double in the shortest form that reads back to the same value (`0.1`, `1e+30`,
    /// `100`), and `inf`, `-inf`, `nan`.
    static func format(_ value: Double) -> String {
        if value.isNaN { return "nan" }
        if value.isInfinite { return value < 0 ? "-inf" : "inf" }
        return dropPointZero(value.description)
    }

    /// A float in the shortest form that reads back to the same float.
    static func format(_ value: Float) -> String {
        if value.isNaN { return "nan" }
        if value.isInfinite { return value < 0 ? "-inf" : "inf" }
        return dropPointZero(value.description)
    }

    /// Integral values print as C++ prints them, `100` and `-0`, not `100.0`.
    private static func dropPointZero(_ text: String) -> String {
        text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }

    /// A fixed-width unknown value in hexadecimal, zero-padded as C++ prints it (`0x0000002a`).
    static func hex<T: FixedWidthInteger>(_ value: T) -> String {
        let digits = String(value, radix: 16)
        return "0x" + String(repeating: "0", count: max(0, T.bitWidth / 4 - digits.count)) + digits
    }
}
