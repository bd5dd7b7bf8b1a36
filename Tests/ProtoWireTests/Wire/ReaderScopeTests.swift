// ReaderScopeTests.swift: a submessage, map entry or group that throws leaves the reader's scope intact.

import ProtoWire
import Testing

/// A hand-written message that catches the errors of its field-1 submessages, field-4 map
/// entries and field-5 groups and keeps reading, to observe the reader after a throw.
private struct Probe: ProtoMessage {
    var unknownFields = UnknownFields()
    var failures: [WireError.Code] = []
    var lastValue: Int64?
    var children = 0

    static let protoMessageName = "test.Probe"
    static let _protoSchema = MessageSchema(fullName: "test.Probe", fields: [])

    func _protoSize(_ cache: inout SizeCache) -> Int { 0 }
    func _protoWrite(_ writer: inout WireWriter) {}
    func _protoWriteJSON(_ writer: inout JSONWriter) throws(WireError) {}
    mutating func _protoMergeJSON(_ reader: inout JSONReader) throws(WireError) {}

    mutating func _protoMerge(_ r: inout WireReader) throws(WireError) {
        var map: [Int32: Int32] = [:]
        while let tag = try r.readTag() {
            switch tag.rawValue {
            case 0x0A, 0x1A:
                var child = Probe()
                do throws(WireError) {
                    try r.readMessage(into: &child)
                    children += 1
                } catch {
                    failures.append(error.code)
                }
            case 0x10: lastValue = Int64(bitPattern: try r.readVarint())
            case 0x22:
                do throws(WireError) {
                    try r.readMapEntry(WireInt32.self, WireInt32.self, into: &map)
                } catch {
                    failures.append(error.code)
                }
            case 0x2B:
                var child = Probe()
                do throws(WireError) {
                    try r.readGroup(fieldNumber: 5, into: &child)
                } catch {
                    failures.append(error.code)
                }
            default: try r.skipField(tag)
            }
        }
    }
}

// In each input a scope fails on its first byte or value, then come field 2 = 7 and an empty
// field 3 submessage. With `maxDepth: 1` both are read only if the failed scope gave back the
// outer limit and depth.
@Suite struct ReaderScopeTests {
    @Test func failedSubmessageRestoresLimitAndDepth() throws {
        // field 1 { tag 0x0F: wire type 7 }
        let bytes: [UInt8] = [0x0A, 0x01, 0x0F] + [0x10, 0x07, 0x1A, 0x00]
        let probe = try Probe(serializedBytes: bytes, options: DecodingOptions(maxDepth: 1))
        #expect(probe.failures == [.invalidWireType])
        #expect(probe.lastValue == 7)
        #expect(probe.children == 1)
    }

    @Test func failedMapEntryRestoresLimitAndDepth() throws {
        // field 4 = entry { key 1, value tag with no value before the entry's end }
        let bytes: [UInt8] = [0x22, 0x03, 0x08, 0x01, 0x10] + [0x10, 0x07, 0x1A, 0x00]
        let probe = try Probe(serializedBytes: bytes, options: DecodingOptions(maxDepth: 1))
        #expect(probe.failures == [.truncated])
        #expect(probe.lastValue == 7)
        #expect(probe.children == 1)
    }

    @Test func failedGroupRestoresOpenGroupAndDepth() throws {
        // field 5 = group { tag 0x0F: wire type 7 }, never closed
        let bytes: [UInt8] = [0x2B, 0x0F] + [0x10, 0x07, 0x1A, 0x00]
        let probe = try Probe(serializedBytes: bytes, options: DecodingOptions(maxDepth: 1))
        #expect(probe.failures == [.invalidWireType])
        #expect(probe.lastValue == 7)
        #expect(probe.children == 1)
        // Had the group stayed open, its end tag would close it here; with the scope restored
        // it closes nothing and is rejected.
        #expect(throws: WireError.self) {
            try Probe(serializedBytes: [0x2B, 0x0F, 0x2C], options: DecodingOptions(maxDepth: 1))
        }
    }
}
