// CrossCheckDump.swift: builds the canonical text dump that Tests/CProtobufCTestSupport/pcx_dump.c writes.

import Foundation
import ProtoWire

/// Writes the dump format documented at the top of pcx_dump.c. Callers write fields in
/// field-number order and decide presence the same way the C dumper does.
struct DumpWriter {
    private(set) var bytes: [UInt8] = []

    var text: String { String(decoding: bytes, as: UTF8.self) }

    private mutating func put(_ s: String) { bytes.append(contentsOf: s.utf8) }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    private mutating func putHex(_ prefix: UInt8, _ raw: UnsafeRawBufferPointer) {
        bytes.reserveCapacity(bytes.count + 1 + 2 * raw.count)
        bytes.append(prefix)
        Self.hexDigits.withUnsafeBufferPointer { digits in
            for b in raw {
                bytes.append(digits[Int(b >> 4)])
                bytes.append(digits[Int(b & 15)])
            }
        }
    }

    /// A bit pattern as exactly `digits` lowercase hex digits, like printf's "%08x".
    private mutating func putFixedHex(_ prefix: UInt8, _ bits: UInt64, digits: Int) {
        bytes.append(prefix)
        for i in stride(from: digits - 1, through: 0, by: -1) {
            bytes.append(Self.hexDigits[Int((bits >> UInt64(4 * i)) & 15)])
        }
    }

    // MARK: Values

    mutating func int(_ v: some BinaryInteger) { put(String(v)) }
    mutating func float(_ v: Float) { putFixedHex(UInt8(ascii: "f"), UInt64(v.bitPattern), digits: 8) }
    mutating func double(_ v: Double) { putFixedHex(UInt8(ascii: "d"), v.bitPattern, digits: 16) }
    mutating func bool(_ v: Bool) { put(v ? "T" : "F") }
    mutating func enumValue<E: ProtoEnum>(_ v: E) { put("e" + String(v.rawValue)) }
    mutating func string(_ v: String) {
        var v = v
        v.withUTF8 { putHex(UInt8(ascii: "s"), UnsafeRawBufferPointer($0)) }
    }
    mutating func bytes(_ v: Data) { v.withUnsafeBytes { putHex(UInt8(ascii: "b"), $0) } }

    /// A message value: "{", the fields `body` writes, "u;" when it kept unknown fields, "}".
    mutating func message(unknown: UnknownFields, _ body: (inout DumpWriter) -> Void) {
        put("{")
        body(&self)
        if !unknown.isEmpty { put("u;") }
        put("}")
    }

    // MARK: Fields

    /// A present singular field: "n=value;".
    mutating func field(_ number: Int, _ value: (inout DumpWriter) -> Void) {
        put(String(number) + "=")
        value(&self)
        put(";")
    }

    /// A repeated field, skipped when empty: "n=[v,v,];".
    mutating func repeated<T>(_ number: Int, _ values: [T], _ value: (inout DumpWriter, T) -> Void) {
        if values.isEmpty { return }
        put(String(number) + "=[")
        for v in values {
            value(&self, v)
            put(",")
        }
        put("];")
    }

    /// A map field, skipped when empty: "n=<k:v,k:v,>;" with entries sorted bytewise.
    mutating func map<K, V>(
        _ number: Int, _ map: [K: V],
        key: (inout DumpWriter, K) -> Void, value: (inout DumpWriter, V) -> Void
    ) {
        if map.isEmpty { return }
        var entries: [[UInt8]] = []
        entries.reserveCapacity(map.count)
        for (k, v) in map {
            var e = DumpWriter()
            key(&e, k)
            e.put(":")
            value(&e, v)
            e.put(",")
            entries.append(e.bytes)
        }
        entries.sort { $0.lexicographicallyPrecedes($1) }
        put(String(number) + "=<")
        for e in entries { bytes.append(contentsOf: e) }
        put(">;")
    }

    // MARK: proto3 implicit presence: written only when not zero (floats by bit pattern)

    mutating func implicit<T: BinaryInteger>(_ number: Int, _ v: T) { if v != 0 { field(number) { $0.int(v) } } }
    mutating func implicit(_ number: Int, _ v: Float) { if v.bitPattern != 0 { field(number) { $0.float(v) } } }
    mutating func implicit(_ number: Int, _ v: Double) { if v.bitPattern != 0 { field(number) { $0.double(v) } } }
    mutating func implicit(_ number: Int, _ v: Bool) { if v { field(number) { $0.bool(v) } } }
    mutating func implicit(_ number: Int, _ v: String) { if !v.isEmpty { field(number) { $0.string(v) } } }
    mutating func implicit(_ number: Int, _ v: Data) { if !v.isEmpty { field(number) { $0.bytes(v) } } }
    mutating func implicit<E: ProtoEnum>(_ number: Int, _ v: E) { if v.rawValue != 0 { field(number) { $0.enumValue(v) } } }

    // MARK: explicit presence (proto2 optional, messages): written when set

    mutating func optional<T>(_ number: Int, _ v: T?, _ value: (inout DumpWriter, T) -> Void) {
        if let v { field(number) { value(&$0, v) } }
    }
}
