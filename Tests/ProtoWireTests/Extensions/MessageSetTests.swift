// MessageSetTests.swift: message_set_wire_format: items decode into extensions, unknown items stay byte-exact.

import Foundation
import ProtoWire
import ProtoWireTestSchema
import Testing

private typealias Container = Protohttp_Ext2_Container
private let registry = Protohttp_Ext2_TestExtensions2_Extensions
private let itemA = Protohttp_Ext2_ItemA.Extensions.item_a
private let itemB = Protohttp_Ext2_ItemB.Extensions.item_b

private func wireError(_ body: () throws(WireError) -> Void) -> WireError? {
    do {
        try body()
        return nil
    } catch {
        return error
    }
}

@Suite struct MessageSetTests {
    /// item_a {text: "hi"} then item_b {value: 5}, in MessageSet form.
    static let golden: [UInt8] = [
        0x0B,                                      // item start: (1<<3)|3
        0x10, 0xE8, 0x07,                          //   type_id = 1000: (2<<3)|0
        0x1A, 0x04, 0x0A, 0x02, 0x68, 0x69,        //   message: (3<<3)|2, {1: "hi"}
        0x0C,                                      // item end: (1<<3)|4
        0x0B, 0x10, 0xD0, 0x0F,                    // item, type_id = 2000
        0x1A, 0x02, 0x08, 0x05, 0x0C,              //   message {1: 5}, end
    ]

    /// An item whose type id (3000) nothing registers.
    static let foreignItem: [UInt8] = [0x0B, 0x10, 0xB8, 0x17, 0x1A, 0x02, 0x08, 0x01, 0x0C]

    @Test func extensionsAreWrittenAsItems() {
        var set = Container()
        set[extension: itemB].value = 5
        set[extension: itemA].text = "hi"
        #expect(set.serializedBytes() == Self.golden)
        #expect(set.serializedSize == Self.golden.count)
        #expect(set.Protohttp_Ext2_ItemA_itemA.text == "hi")
    }

    @Test func registeredItemsDecodeTypedAndRoundTripByteExact() throws {
        let set = try Container(serializedBytes: Self.golden, extensions: registry)
        #expect(set.unknownFields.isEmpty)
        #expect(set[extension: itemA].text == "hi")
        #expect(set[extension: itemB].value == 5)
        #expect(set.serializedBytes() == Self.golden)
    }

    @Test func unregisteredItemsStayUnknownByteExact() throws {
        let opaque = try Container(serializedBytes: Self.golden)
        #expect(opaque.extensionFields.isEmpty)
        #expect(opaque.unknownFields.bytes == Self.golden)
        #expect(opaque.serializedBytes() == Self.golden)

        // One registered, one not: the registered one is typed, the other kept as it came.
        let partial = try Container(serializedBytes: Self.golden, extensions: [itemB])
        #expect(partial[extension: itemB].value == 5)
        #expect(!partial.hasExtension(itemA))
        #expect(partial.unknownFields.bytes == Array(Self.golden[0..<11]))
        #expect(partial.serializedBytes() == Array(Self.golden[11...]) + Array(Self.golden[0..<11]))

        let mixed = try Container(serializedBytes: Self.foreignItem + Self.golden, extensions: registry)
        #expect(mixed.unknownFields.bytes == Self.foreignItem)
        #expect(mixed.serializedBytes() == Self.golden + Self.foreignItem)
    }

    @Test func itemFieldsMayComeInAnyOrder() throws {
        // message before type_id, and an unknown field inside the item.
        let flipped: [UInt8] = [0x0B, 0x1A, 0x02, 0x08, 0x07, 0x28, 0x01, 0x10, 0xD0, 0x0F, 0x0C]
        let set = try Container(serializedBytes: flipped, extensions: registry)
        #expect(set[extension: itemB].value == 7)
        #expect(set.serializedBytes() == [0x0B, 0x10, 0xD0, 0x0F, 0x1A, 0x02, 0x08, 0x07, 0x0C])
        // Two message fields in one item merge; two items for one type merge too.
        let twice: [UInt8] = [0x0B, 0x10, 0xE8, 0x07, 0x1A, 0x02, 0x0A, 0x00, 0x1A, 0x03, 0x0A, 0x01, 0x71, 0x0C,
                              0x0B, 0x10, 0xE8, 0x07, 0x1A, 0x02, 0x10, 0x01, 0x0C]
        let merged = try Container(serializedBytes: twice, extensions: registry)
        #expect(merged[extension: itemA].text == "q")
        #expect(merged[extension: itemA].unknownFields.bytes == [0x10, 0x01])
    }

    @Test func incompleteItemsStayUnknown() throws {
        let noTypeID: [UInt8] = [0x0B, 0x1A, 0x02, 0x08, 0x05, 0x0C]
        let noMessage: [UInt8] = [0x0B, 0x10, 0xD0, 0x0F, 0x0C]
        let hugeTypeID: [UInt8] = [0x0B, 0x10, 0xFF, 0xFF, 0xFF, 0xFF, 0x07, 0x1A, 0x00, 0x0C]
        for bytes in [noTypeID, noMessage, hugeTypeID] {
            let set = try Container(serializedBytes: bytes, extensions: registry)
            #expect(set.extensionFields.isEmpty)
            #expect(set.unknownFields.bytes == bytes)
            #expect(set.serializedBytes() == bytes)
        }
    }

    @Test func nonItemFieldsAreKept() throws {
        // A plain varint field 4 next to an item.
        let bytes: [UInt8] = [0x20, 0x01] + Self.golden
        let set = try Container(serializedBytes: bytes, extensions: registry)
        #expect(set[extension: itemA].text == "hi")
        #expect(set.unknownFields.bytes == [0x20, 0x01])
    }

    @Test func messageSetsDecodeAtDepth() throws {
        var outer = Protohttp_Ext2_HasContainer()
        outer.set[extension: itemA].text = "deep"
        let bytes = outer.serializedBytes()
        #expect(bytes == [0x0A, 0x0D, 0x0B, 0x10, 0xE8, 0x07, 0x1A, 0x06, 0x0A, 0x04] + Array("deep".utf8) + [0x0C])
        let back = try Protohttp_Ext2_HasContainer(serializedBytes: bytes, extensions: registry)
        #expect(back == outer)
        let opaque = try Protohttp_Ext2_HasContainer(serializedBytes: bytes)
        #expect(opaque.set.unknownFields.count == 13)
        #expect(opaque.serializedBytes() == bytes)
    }

    @Test func malformedItemsThrow() {
        // No end-group.
        let open: [UInt8] = [0x0B, 0x10, 0xE8, 0x07]
        #expect(wireError { () throws(WireError) in _ = try Container(serializedBytes: open, extensions: registry) }?.code == .truncated)
        // Closed by the wrong end-group.
        let wrongEnd: [UInt8] = [0x0B, 0x10, 0xE8, 0x07, 0x14]
        #expect(wireError { () throws(WireError) in _ = try Container(serializedBytes: wrongEnd, extensions: registry) }?.code == .mismatchedGroup)
        // The message runs past the input.
        let long: [UInt8] = [0x0B, 0x10, 0xE8, 0x07, 0x1A, 0x09, 0x0A, 0x0C]
        let e = wireError { () throws(WireError) in _ = try Container(serializedBytes: long, extensions: registry) }
        #expect(e?.code == .truncated)
        #expect(e?.offset == 5)
        // A registered item whose payload is not a valid ItemA.
        let bad: [UInt8] = [0x0B, 0x10, 0xE8, 0x07, 0x1A, 0x02, 0x0A, 0x05, 0x0C]
        #expect(wireError { () throws(WireError) in _ = try Container(serializedBytes: bad, extensions: registry) }?.code == .truncated)
        // The same bytes unregistered are kept opaque: the payload is never parsed.
        #expect(wireError { () throws(WireError) in _ = try Container(serializedBytes: bad) } == nil)
    }
}
