// RawPassThroughTests.swift: readRemaining and readRawValue, the hooks a message decoded by another library reads its bytes and JSON through.

import ProtoWire
import Testing

/// A message that keeps its own wire bytes and JSON whole, as a wrapper of another library's
/// message does (ProtoHTTPSwiftProtobuf's SwiftProtobufMessage).
private struct Opaque: ProtoMessage {
    var unknownFields = UnknownFields()
    var wire: [UInt8] = []
    var json: [UInt8] = []

    static let protoMessageName = "test.Opaque"
    static let _protoSchema = MessageSchema(fullName: "test.Opaque", fields: [])

    func _protoSize(_ cache: inout SizeCache) -> Int { wire.count }
    func _protoWrite(_ writer: inout WireWriter) { wire.withUnsafeBytes { writer.writeRawBytes($0) } }
    func _protoWriteJSON(_ writer: inout JSONWriter) throws(WireError) { writer.appendRaw(json.isEmpty ? Array("{}".utf8) : json) }
    mutating func _protoMerge(_ reader: inout WireReader) throws(WireError) { wire = Array(try reader.readRemaining()) }
    mutating func _protoMergeJSON(_ reader: inout JSONReader) throws(WireError) { json = try reader.readRawValue() }
}

/// An envelope with an `Opaque` at field 1 (as a message) or 2 (as a group), and a varint at 3.
private struct Envelope: ProtoMessage {
    var unknownFields = UnknownFields()
    var inner = Opaque()
    var after: UInt64 = 0

    static let protoMessageName = "test.Envelope"
    static let _protoSchema = MessageSchema(fullName: "test.Envelope", fields: [])

    func _protoSize(_ cache: inout SizeCache) -> Int { 0 }
    func _protoWrite(_ writer: inout WireWriter) {}
    func _protoWriteJSON(_ writer: inout JSONWriter) throws(WireError) {}

    mutating func _protoMerge(_ reader: inout WireReader) throws(WireError) {
        while let tag = try reader.readTag() {
            switch tag.rawValue {
            case 0x0A: try reader.readMessage(into: &inner)
            case 0x13: try reader.readGroup(fieldNumber: 2, into: &inner)
            case 0x18: after = try reader.readVarint()
            default: try reader.skipField(tag)
            }
        }
    }

    mutating func _protoMergeJSON(_ reader: inout JSONReader) throws(WireError) {
        var first = true
        try reader.beginObject()
        while let key = try reader.nextKey(&first) {
            if key.string == "inner" { try inner._protoMergeJSON(&reader) } else { try reader.skipValue() }
        }
    }
}

@Suite("Raw pass-through of another library's message")
struct RawPassThroughTests {
    @Test("readRemaining hands over the whole input at the top level, and an embedded message's own bytes, the fields after it read on")
    func remainingBytes() throws {
        let top = try Opaque(serializedBytes: [0x08, 0x96, 0x01, 0x12, 0x00])
        #expect(top.wire == [0x08, 0x96, 0x01, 0x12, 0x00])
        #expect(top.serializedBytes() == top.wire, "written back byte for byte")
        let envelope = try Envelope(serializedBytes: [0x0A, 0x03, 0x08, 0x96, 0x01, 0x18, 0x07])
        #expect(envelope.inner.wire == [0x08, 0x96, 0x01])
        #expect(envelope.after == 7)
    }

    @Test("readRemaining refuses a group: its end is a tag, so its bytes cannot be handed over whole")
    func remainingInGroup() {
        let error = #expect(throws: WireError.self) { try Envelope(serializedBytes: [0x13, 0x08, 0x01, 0x14]) }
        #expect(error?.code == .typeMismatch)
        #expect(error?.message.contains("group") == true)
    }

    @Test("readRawValue hands over one JSON value as written, whitespace before it left out, and checks it")
    func rawJSON() throws {
        let envelope = try Envelope(jsonString: #"{"inner":   {"b": [1, 2], "s": "x\"y"}, "other": 3}"#)
        #expect(String(decoding: envelope.inner.json, as: UTF8.self) == #"{"b": [1, 2], "s": "x\"y"}"#)
        let top = try Opaque(jsonString: "  [true, null]  ")
        #expect(String(decoding: top.json, as: UTF8.self) == "[true, null]")
        #expect(try top.jsonString() == "[true, null]")
        let broken = #expect(throws: WireError.self) { try Envelope(jsonString: #"{"inner": {"a": 1, "a": 2}}"#) }
        #expect(broken?.code == .duplicateJSONKey)
        #expect(throws: WireError.self) { try Envelope(jsonString: #"{"inner": [1, }"#) }
    }
}
