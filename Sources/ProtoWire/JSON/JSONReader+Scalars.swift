// JSONReader+Scalars.swift: reading integers, floats, bytes and enums by the proto3 JSON rules.

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

extension JSONReader {
    /// Why `n` is not a valid `type`: a fraction, or out of range.
    @usableFromInline
    func integerError(_ n: JSONNumber, at: UnsafeRawPointer, _ type: String) -> WireError {
        if n.hasFraction {
            return error(.invalidJSONValue, at: at, "\(type) field holds a number with a fraction; integer fields take integral values only")
        }
        return error(.invalidJSONValue, at: at, "the number is out of range for an \(type) field")
    }

    /// Reads a signed integer in `Int64.min...max` (a number, or a string holding one;
    /// integral exponent and decimal forms such as `1e5` and `100000.000` are accepted).
    @inlinable
    mutating func readSigned(max: Int64, min: Int64, _ type: String) throws(WireError) -> Int64 {
        let (n, at) = try readNumberOrNumericString("an integer")
        guard let (m, negative) = n.integer(min: min, max: UInt64(max)) else { throw integerError(n, at: at, type) }
        return negative ? Int64(truncatingIfNeeded: 0 &- m) : Int64(m)
    }

    /// Reads an `int32`, `sint32` or `sfixed32` value.
    @inlinable
    public mutating func readInt32() throws(WireError) -> Int32 {
        Int32(truncatingIfNeeded: try readSigned(max: Int64(Int32.max), min: Int64(Int32.min), "int32"))
    }

    /// Reads an `int64`, `sint64` or `sfixed64` value (a number or a string).
    @inlinable
    public mutating func readInt64() throws(WireError) -> Int64 {
        try readSigned(max: Int64.max, min: Int64.min, "int64")
    }

    /// Reads a `uint32` or `fixed32` value.
    @inlinable
    public mutating func readUInt32() throws(WireError) -> UInt32 {
        let (n, at) = try readNumberOrNumericString("an unsigned integer")
        guard let (m, _) = n.integer(min: 0, max: UInt64(UInt32.max)) else { throw integerError(n, at: at, "uint32") }
        return UInt32(truncatingIfNeeded: m)
    }

    /// Reads a `uint64` or `fixed64` value (a number or a string).
    @inlinable
    public mutating func readUInt64() throws(WireError) -> UInt64 {
        let (n, at) = try readNumberOrNumericString("an unsigned integer")
        guard let (m, _) = n.integer(min: 0, max: UInt64.max) else { throw integerError(n, at: at, "uint64") }
        return m
    }

    /// Reads a `double`: a number, or a string holding a number, `"NaN"`, `"Infinity"` or
    /// `"-Infinity"`. Finite numbers too large for a double are rejected.
    @inlinable
    public mutating func readDouble() throws(WireError) -> Double {
        let at = pointer
        if try peek("a number") == 0x22, let special = try readSpecialFloat() { return special }
        pointer = at
        let (n, start) = try readNumberOrNumericString("a number")
        let v = n.double
        guard v.isFinite else {
            throw error(.invalidJSONValue, at: start, "the number is out of range for a double field")
        }
        return v
    }

    /// Reads a `float`, as ``readDouble()`` does, rejecting finite values that round to
    /// infinity as a `Float`.
    @inlinable
    public mutating func readFloat() throws(WireError) -> Float {
        let at = pointer
        if try peek("a number") == 0x22, let special = try readSpecialFloat() { return Float(special) }
        pointer = at
        let (n, start) = try readNumberOrNumericString("a number")
        let v = n.double
        guard v.isFinite, Float(v).isFinite else {
            throw error(.invalidJSONValue, at: start, "the number is out of range for a float field")
        }
        return Float(v)
    }

    /// At a string: `"NaN"`, `"Infinity"` or `"-Infinity"` as a double (consumed), or `nil`.
    @usableFromInline
    mutating func readSpecialFloat() throws(WireError) -> Double? {
        let s = try readStringToken()
        if s.equals("NaN") { return .nan }
        if s.equals("Infinity") { return .infinity }
        if s.equals("-Infinity") { return -.infinity }
        return nil
    }

    /// Reads a `bytes` value: a base64 string, standard or URL-safe, padded or not.
    @inlinable
    public mutating func readBytes() throws(WireError) -> Data {
        let at = pointer
        guard try peek("a base64 string") == 0x22 else { throw invalidValue("a base64 string") }
        let s = try readStringToken()
        guard let decoded = s.withBytes({ Base64.decode($0) }) else {
            throw error(.invalidJSONValue, at: at, "a bytes field holds a string that is not base64 (standard or URL-safe, padded or not)")
        }
        return decoded.isEmpty ? Data() : Data(decoded)
    }

    /// Reads an enum value by name or number. Returns `nil` (having consumed the value) for an
    /// unknown name when ``ignoreUnknownFields`` is set. `null` reads as the zero value of
    /// `google.protobuf.NullValue`.
    @inlinable
    public mutating func readEnum<E: ProtoEnum>(_: E.Type) throws(WireError) -> E? {
        let at = pointer
        let b = try peek("an enum name or number")
        if b == 0x22 {
            let s = try readStringToken()
            if let n = s.withBytes({ E._protoNames.number(named: $0) }), let e = E(rawValue: n) { return e }
            if ignoreUnknownFields { return nil }
            throw error(.invalidJSONValue, at: at, "'\(s.string)' is not a value of enum \(E._protoNames.enumName)")
        }
        if b == 0x6E && E.self == Google_Protobuf_NullValue.self {
            try literal("null")
            return E()
        }
        let n = try readInt32()
        guard let e = E(rawValue: Int(n)) else {
            throw error(.invalidJSONValue, at: at, "\(n) is not a value of the closed enum \(E._protoNames.enumName)")
        }
        return e
    }
}
