// Proto2Defaults.swift: proto2 `[default = ...]` values as Swift literals.

/// Turns a field's `default_value` (as protoc reports it) into a Swift expression of the
/// field's type: integers as written, `inf`/`nan` floats, escaped strings, bytes from their
/// C-escaped form, and enum value names as cases.
enum Proto2Defaults {
    static func literal(_ raw: String, for value: ValueType) throws(GeneratorError) -> String {
        switch value.protoType {
        case .float, .double:
            let type = value.swiftType
            switch raw {
            case "inf": return "\(type).infinity"
            case "-inf": return "-\(type).infinity"
            case "nan": return "\(type).nan"
            default: return raw
            }
        case .bool:
            return raw == "true" ? "true" : "false"
        case .string:
            return swiftStringLiteral(raw)
        case .bytes:
            let bytes = try unescapeC(raw)
            if bytes.isEmpty { return "Data()" }
            return "Data([" + bytes.map { "0x" + hex2($0) }.joined(separator: ", ") + "])"
        case .enum:
            guard case .closedEnum(let e) = value.kind, let v = e.value(named: raw) else {
                if case .openEnum(let e) = value.kind, let v = e.value(named: raw) { return e.dotted(v) }
                throw GeneratorError("default value '\(raw)' is not a value of the field's enum")
            }
            return e.dotted(v)
        default:
            return raw
        }
    }

    /// A Swift string literal holding exactly `s`.
    static func swiftStringLiteral(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\0": out += "\\0"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// Decodes protoc's C escaping of bytes defaults (`\000`, `\x41`, `\n`, `\"`, ...).
    static func unescapeC(_ s: String) throws(GeneratorError) -> [UInt8] {
        let input = Array(s.utf8)
        var out: [UInt8] = []
        var i = 0
        func isOctal(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x37 }
        func hexValue(_ c: UInt8) -> UInt8? {
            switch c {
            case 0x30...0x39: return c - 0x30
            case 0x61...0x66: return c - 0x61 + 10
            case 0x41...0x46: return c - 0x41 + 10
            default: return nil
            }
        }
        while i < input.count {
            let c = input[i]
            guard c == 0x5C else { out.append(c); i += 1; continue }
            i += 1
            guard i < input.count else { throw GeneratorError("bytes default '\(s)' ends with a lone backslash") }
            let e = input[i]
            switch e {
            case 0x6E: out.append(0x0A); i += 1  // n
            case 0x72: out.append(0x0D); i += 1  // r
            case 0x74: out.append(0x09); i += 1  // t
            case 0x61: out.append(0x07); i += 1  // a
            case 0x62: out.append(0x08); i += 1  // b
            case 0x66: out.append(0x0C); i += 1  // f
            case 0x76: out.append(0x0B); i += 1  // v
            case 0x78, 0x58:  // x
                i += 1
                var v: UInt32 = 0
                var n = 0
                while i < input.count, n < 2, let h = hexValue(input[i]) { v = v * 16 + UInt32(h); i += 1; n += 1 }
                guard n > 0 else { throw GeneratorError("bytes default '\(s)' has \\x without hex digits") }
                out.append(UInt8(v))
            default:
                if isOctal(e) {
                    var v: UInt32 = 0
                    var n = 0
                    while i < input.count, n < 3, isOctal(input[i]) { v = v * 8 + UInt32(input[i] - 0x30); i += 1; n += 1 }
                    out.append(UInt8(truncatingIfNeeded: v))
                } else {
                    out.append(e)  // \\ \" \' \?
                    i += 1
                }
            }
        }
        return out
    }

    private static func hex2(_ b: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(b >> 4)], digits[Int(b & 15)]])
    }
}
