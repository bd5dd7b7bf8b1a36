// TextFormatParser+Scalars.swift: scalar values (integers, floats, bools, enums, strings) checked against their field.

extension TextFormatParser {
    /// Parses one scalar value of `field` and appends it (leaving out proto3 implicit fields
    /// at their default, as serializing the parsed message would).
    mutating func parseScalar(of field: FieldSchema, into output: inout TextFormatMessageOutput) throws(WireError) {
        let value = try parseScalarValue(of: field)
        if field.label == .singular(hasPresence: false) && value.isDefault { return }
        output.append(value, of: field)
    }

    private mutating func parseScalarValue(of field: FieldSchema) throws(WireError) -> TextFormatMessageOutput.Value {
        let name = field.name
        switch field.kind {
        case .int32:
            return .varint(UInt64(bitPattern: try parseSigned(name, "int32", min: Int64(Int32.min), max: Int64(Int32.max))))
        case .int64:
            return .varint(UInt64(bitPattern: try parseSigned(name, "int64", min: Int64.min, max: Int64.max)))
        case .sint32:
            let v = Int32(try parseSigned(name, "sint32", min: Int64(Int32.min), max: Int64(Int32.max)))
            return .varint(UInt64(ZigZag.encoded(v)))
        case .sint64:
            return .varint(ZigZag.encoded(try parseSigned(name, "sint64", min: Int64.min, max: Int64.max)))
        case .sfixed32:
            let v = Int32(try parseSigned(name, "sfixed32", min: Int64(Int32.min), max: Int64(Int32.max)))
            return .fixed32(UInt32(bitPattern: v))
        case .sfixed64:
            return .fixed64(UInt64(bitPattern: try parseSigned(name, "sfixed64", min: Int64.min, max: Int64.max)))
        case .uint32:
            return .varint(try parseUnsigned(name, "uint32", max: UInt64(UInt32.max)))
        case .uint64:
            return .varint(try parseUnsigned(name, "uint64", max: UInt64.max))
        case .fixed32:
            return .fixed32(UInt32(try parseUnsigned(name, "fixed32", max: UInt64(UInt32.max))))
        case .fixed64:
            return .fixed64(try parseUnsigned(name, "fixed64", max: UInt64.max))
        case .bool:
            return .varint(try parseBool(name) ? 1 : 0)
        case .float:
            return .fixed32(Float(try parseFloatingPoint(name)).bitPattern)
        case .double:
            return .fixed64(try parseFloatingPoint(name).bitPattern)
        case .enumeration(let names, let isClosed):
            return .varint(UInt64(bitPattern: Int64(try parseEnum(name, names, isClosed: isClosed))))
        case .string:
            let start = token
            let bytes = try parseStrings(name)
            guard bytes.withUnsafeBytes({ UTF8Validation.isValid($0) }) else {
                throw error(.invalidUTF8, at: start,
                            "string field '\(name)' must hold valid UTF-8; use a bytes field for binary data")
            }
            return .bytes(bytes)
        case .bytes:
            return .bytes(try parseStrings(name))
        case .message, .group:
            throw expected("a message for field '\(name)'")
        }
    }

    // MARK: Integers

    /// An optional `-` and an integer token: the sign, the magnitude and where it began.
    private mutating func parseMagnitude(_ name: String, _ type: String) throws(WireError) -> (negative: Bool, magnitude: UInt64, at: TextFormatToken) {
        let start = token
        let negative = try consume(0x2D)
        guard case .integer(let radix) = token.kind else {
            if token.kind == .float {
                throw error(.invalidTextValue, at: start, "\(type) field '\(name)' takes an integer, not \(scanner.describe(token))")
            }
            throw expected("an integer for \(type) field '\(name)'")
        }
        var text = Substring(scanner.text(of: token))
        if radix == 16 { text = text.dropFirst(2) }
        guard let magnitude = UInt64(text, radix: radix) else {
            throw error(.invalidTextValue, at: start, "\(scanner.text(of: token)) is out of range for \(type) field '\(name)'")
        }
        try advance()
        return (negative, magnitude, start)
    }

    private mutating func parseSigned(_ name: String, _ type: String, min: Int64, max: Int64) throws(WireError) -> Int64 {
        let (negative, magnitude, start) = try parseMagnitude(name, type)
        let limit = negative ? UInt64(min.magnitude) : UInt64(max)
        guard magnitude <= limit else {
            throw error(.invalidTextValue, at: start,
                        "\(negative ? "-" : "")\(magnitude) is out of range for \(type) field '\(name)' (\(min)...\(max))")
        }
        return negative ? Int64(truncatingIfNeeded: 0 &- magnitude) : Int64(magnitude)
    }

    private mutating func parseUnsigned(_ name: String, _ type: String, max: UInt64) throws(WireError) -> UInt64 {
        let (negative, magnitude, start) = try parseMagnitude(name, type)
        guard !negative else {
            throw error(.invalidTextValue, at: start, "\(type) field '\(name)' is unsigned and cannot take a negative number")
        }
        guard magnitude <= max else {
            throw error(.invalidTextValue, at: start, "\(magnitude) is out of range for \(type) field '\(name)' (0...\(max))")
        }
        return magnitude
    }

    // MARK: Other scalars

    private mutating func parseBool(_ name: String) throws(WireError) -> Bool {
        if token.kind == .identifier {
            switch scanner.text(of: token) {
            case "true", "True", "t":
                try advance()
                return true
            case "false", "False", "f":
                try advance()
                return false
            default:
                break
            }
        } else if case .integer = token.kind {
            let start = token
            let (negative, magnitude, _) = try parseMagnitude(name, "bool")
            guard !negative && magnitude <= 1 else {
                throw error(.invalidTextValue, at: start, "bool field '\(name)' takes true, false, 1 or 0")
            }
            return magnitude == 1
        }
        throw error(.invalidTextValue, at: token, "bool field '\(name)' takes true, false, 1 or 0, not \(scanner.describe(token))")
    }

    /// A decimal number, or `inf`, `infinity`, `nan` in any case, with an optional `-`;
    /// out-of-range values become infinity or zero, as in C++.
    private mutating func parseFloatingPoint(_ name: String) throws(WireError) -> Double {
        let start = token
        let negative = try consume(0x2D)
        var value: Double
        switch token.kind {
        case .identifier:
            switch scanner.text(of: token).lowercased() {
            case "inf", "infinity": value = .infinity
            case "nan": value = .nan
            default:
                throw error(.invalidTextValue, at: start, "floating-point field '\(name)' takes a number, inf or nan, not \(scanner.describe(token))")
            }
        case .integer(let radix) where radix != 10:
            throw error(.invalidTextValue, at: start,
                        "floating-point field '\(name)' takes decimal numbers; \(scanner.text(of: token)) is \(radix == 16 ? "hexadecimal" : "octal")")
        case .integer, .float:
            var text = scanner.text(of: token)
            if let last = text.last, last == "f" || last == "F" { text.removeLast() }
            guard let parsed = Double(text) else {
                throw error(.invalidTextValue, at: start, "\(scanner.text(of: token)) is not a number")
            }
            value = parsed
        default:
            throw expected("a number for floating-point field '\(name)'")
        }
        try advance()
        return negative ? -value : value
    }

    private mutating func parseEnum(_ name: String, _ names: ProtoEnumNames, isClosed: Bool) throws(WireError) -> Int32 {
        if token.kind == .identifier {
            let text = scanner.text(of: token)
            guard let number = names.number(named: text) else {
                throw error(.invalidTextValue, at: token, "\(names.enumName) has no value named \(text) (field '\(name)')")
            }
            try advance()
            return Int32(truncatingIfNeeded: number)
        }
        let start = token
        let number = Int32(try parseSigned(name, "enum", min: Int64(Int32.min), max: Int64(Int32.max)))
        if isClosed && names.name(of: Int(number)) == nil {
            throw error(.invalidTextValue, at: start, "\(names.enumName) is a closed enum and has no value \(number) (field '\(name)')")
        }
        return number
    }

    /// One or more adjacent string tokens, concatenated (`'a' "b"` is `"ab"`).
    private mutating func parseStrings(_ name: String) throws(WireError) -> [UInt8] {
        guard token.kind == .string else { throw expected("a quoted string for field '\(name)'") }
        var bytes: [UInt8] = []
        while token.kind == .string {
            bytes.append(contentsOf: token.bytes)
            try advance()
        }
        return bytes
    }
}
