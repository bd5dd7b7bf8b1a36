// ExtensionTests.swift: proto2 extensions: accessors, registry decoding, unknown fallback, byte-exact order.

import Foundation
import ProtoWire
import ProtoWireTestSchema
import Testing

private typealias Ext = Protohttp_Ext2_Extendable
private let registry = Protohttp_Ext2_TestExtensions2_Extensions

/// The error `body` throws, or `nil`.
private func wireError(_ body: () throws(WireError) -> Void) -> WireError? {
    do {
        try body()
        return nil
    } catch {
        return error
    }
}

/// A message with every extension shape set.
private func everyShape() -> Ext {
    var m = Ext()
    m.a = -3
    m.b = "regular"
    m[extension: Protohttp_Ext2_Extensions_opt_int32] = -7
    m[extension: Protohttp_Ext2_Extensions_opt_string] = "héllo"
    m[extension: Protohttp_Ext2_Extensions_opt_bytes] = Data([0, 1, 0xFF])
    m[extension: Protohttp_Ext2_Extensions_opt_color] = .blue
    m[extension: Protohttp_Ext2_Extensions_rep_sint32] = [-1, 0, Int32.min, Int32.max]
    m[extension: Protohttp_Ext2_Extensions_packed_fixed64] = [1, UInt64.max]
    m[extension: Protohttp_Ext2_Extensions_rep_color] = [.red, .blue]
    m[extension: Protohttp_Ext2_Extensions_packed_color] = [.green, .green, .red]
    var payload = Protohttp_Ext2_Payload()
    payload.n = 9
    payload.s = "p"
    m[extension: Protohttp_Ext2_Extensions_opt_payload] = payload
    m[extension: Protohttp_Ext2_Extensions_rep_payload] = [payload, Protohttp_Ext2_Payload()]
    var group = Protohttp_Ext2_OptGroup()
    group.g = 12
    m[extension: Protohttp_Ext2_Extensions_optgroup] = group
    var rep = Protohttp_Ext2_RepGroup()
    rep.h = "h"
    m[extension: Protohttp_Ext2_Extensions_repgroup] = [rep, Protohttp_Ext2_RepGroup()]
    var needs = Protohttp_Ext2_NeedsInit()
    needs.id = 1
    m[extension: Protohttp_Ext2_Extensions_needs_init] = needs
    m[extension: Protohttp_Ext2_Extensions_packed_uint64] = [0, 300]
    m[extension: Protohttp_Ext2_Scope.Extensions.nested_double] = 2.5
    m[extension: Protohttp_Ext2_Scope.Extensions.default] = true
    m[extension: Protohttp_Ext2_Scope.Extensions.nested_strings] = ["x", ""]
    m.child.a = 1
    m.child[extension: Protohttp_Ext2_Extensions_opt_int32] = 5
    return m
}

@Suite struct ExtensionAccessorTests {
    @Test func defaultsHasAndClear() {
        var m = Ext()
        #expect(!m.hasExtension(Protohttp_Ext2_Extensions_opt_int32))
        #expect(m[extension: Protohttp_Ext2_Extensions_opt_int32] == 42, "declared [default = 42]")
        #expect(m[extension: Protohttp_Ext2_Extensions_opt_color] == .green, "declared [default = COLOR_GREEN]")
        #expect(m.getExtensionValue(ext: Protohttp_Ext2_Extensions_opt_int32) == nil)
        #expect(m[extension: Protohttp_Ext2_Extensions_rep_sint32].isEmpty)
        #expect(m[extension: Protohttp_Ext2_Extensions_opt_payload] == Protohttp_Ext2_Payload())

        m.setExtensionValue(ext: Protohttp_Ext2_Extensions_opt_int32, value: 0)
        #expect(m.hasExtension(Protohttp_Ext2_Extensions_opt_int32), "explicit presence: zero is present")
        #expect(m.hasExtensionValue(Protohttp_Ext2_Extensions_opt_int32))
        #expect(m.getExtensionValue(ext: Protohttp_Ext2_Extensions_opt_int32) == 0)
        #expect(m.serializedBytes() == [0x50, 0x00])
        m.clearExtensionValue(Protohttp_Ext2_Extensions_opt_int32)
        #expect(!m.hasExtension(Protohttp_Ext2_Extensions_opt_int32))
        #expect(m.serializedBytes().isEmpty)
        #expect(m.extensionFields.isEmpty)
    }

    @Test func generatedPropertiesMatchTheSubscript() {
        var m = Ext()
        m.Protohttp_Ext2_optString = "s"
        m.Protohttp_Ext2_Scope_default = true
        m.Protohttp_Ext2_optGroup.g = 3
        #expect(m[extension: Protohttp_Ext2_Extensions_opt_string] == "s")
        #expect(m.hasProtohttp_Ext2_optString)
        #expect(m[extension: Protohttp_Ext2_Scope.Extensions.default])
        #expect(m.hasProtohttp_Ext2_Scope_default)
        #expect(m[extension: Protohttp_Ext2_Extensions_optgroup].g == 3)
        m.clearProtohttp_Ext2_optString()
        #expect(!m.hasProtohttp_Ext2_optString)
        #expect(m.extensionFields.fieldNumbers == [102, 111])
    }

    @Test func repeatedExtensionsMutateInPlaceAndEmptyMeansAbsent() {
        var m = Ext()
        m[extension: Protohttp_Ext2_Extensions_rep_sint32].append(1)
        m[extension: Protohttp_Ext2_Extensions_rep_sint32].append(-1)
        m.Protohttp_Ext2_repSint32.append(2)
        #expect(m[extension: Protohttp_Ext2_Extensions_rep_sint32] == [1, -1, 2])
        #expect(m.hasExtension(Protohttp_Ext2_Extensions_rep_sint32))
        m[extension: Protohttp_Ext2_Extensions_rep_sint32] = []
        #expect(!m.hasExtension(Protohttp_Ext2_Extensions_rep_sint32))
        #expect(m == Ext(), "an emptied repeated extension equals an absent one")
    }

    @Test func equalityAndHashIgnoreSettingOrder() {
        var x = Ext()
        x[extension: Protohttp_Ext2_Extensions_opt_int32] = 1
        x[extension: Protohttp_Ext2_Extensions_opt_string] = "a"
        var y = Ext()
        y[extension: Protohttp_Ext2_Extensions_opt_string] = "a"
        y[extension: Protohttp_Ext2_Extensions_opt_int32] = 1
        #expect(x == y)
        #expect(x.hashValue == y.hashValue)
        y[extension: Protohttp_Ext2_Extensions_opt_int32] = 2
        #expect(x != y)
        var z = Ext()
        z.a = 1
        #expect(z != Ext())
    }

    @Test func copiesAreIndependent() {
        var x = Ext()
        x[extension: Protohttp_Ext2_Extensions_rep_payload] = [Protohttp_Ext2_Payload()]
        let copy = x
        x[extension: Protohttp_Ext2_Extensions_rep_payload][0].n = 4
        #expect(copy[extension: Protohttp_Ext2_Extensions_rep_payload][0].n == 0)
        #expect(x[extension: Protohttp_Ext2_Extensions_rep_payload][0].n == 4)
    }
}

@Suite struct ExtensionWireTests {
    /// a = 1, ext 10 = 5, b = "x", ext 100 = {n: 1}: extensions sit at their range's place.
    static let interleaved: [UInt8] = [
        0x08, 0x01,                    // 1 a = 1
        0x50, 0x05,                    // 10 opt_int32 = 5: (10<<3)|0 = 80
        0xA2, 0x01, 0x01, 0x78,        // 20 b = "x": (20<<3)|2 = 162
        0xA2, 0x06, 0x02, 0x08, 0x01,  // 100 opt_payload = {n: 1}: (100<<3)|2 = 802
    ]

    @Test func extensionsAreWrittenInFieldNumberOrderWithRegularFields() {
        var m = Ext()
        m.a = 1
        m.b = "x"
        m[extension: Protohttp_Ext2_Extensions_opt_payload].n = 1
        m[extension: Protohttp_Ext2_Extensions_opt_int32] = 5
        #expect(m.serializedBytes() == Self.interleaved)
        #expect(m.serializedSize == Self.interleaved.count)
    }

    @Test func registeredExtensionsDecodeTypedAndRoundTripByteExact() throws {
        let m = try Ext(serializedBytes: Self.interleaved, extensions: registry)
        #expect(m.unknownFields.isEmpty)
        #expect(m[extension: Protohttp_Ext2_Extensions_opt_int32] == 5)
        #expect(m[extension: Protohttp_Ext2_Extensions_opt_payload].n == 1)
        #expect(m.serializedBytes() == Self.interleaved)
        // The same through DecodingOptions.
        let viaOptions = try Ext(serializedBytes: Self.interleaved, options: DecodingOptions(extensions: registry))
        #expect(viaOptions == m)
    }

    @Test func unregisteredExtensionsStayUnknownByteExact() throws {
        let m = try Ext(serializedBytes: Self.interleaved)
        #expect(!m.hasExtension(Protohttp_Ext2_Extensions_opt_int32))
        #expect(m.extensionFields.isEmpty)
        #expect(m.unknownFields.bytes == [0x50, 0x05, 0xA2, 0x06, 0x02, 0x08, 0x01])
        // Unknown fields go last, their bytes unchanged.
        #expect(m.serializedBytes() == [0x08, 0x01, 0xA2, 0x01, 0x01, 0x78, 0x50, 0x05, 0xA2, 0x06, 0x02, 0x08, 0x01])
        // A registry for other messages changes nothing.
        let other = ExtensionRegistry([Protohttp_Ext2_ItemA.Extensions.item_a])
        #expect(try Ext(serializedBytes: Self.interleaved, extensions: other) == m)
        // Decoding the kept bytes later with the registry gives the typed values.
        let later = try Ext(serializedBytes: m.serializedBytes(), extensions: registry)
        #expect(later == (try Ext(serializedBytes: Self.interleaved, extensions: registry)))
    }

    @Test func everyShapeRoundTrips() throws {
        let m = everyShape()
        let bytes = m.serializedBytes()
        #expect(bytes.count == m.serializedSize)
        let back = try Ext(serializedBytes: bytes, extensions: registry)
        #expect(back == m)
        #expect(back.serializedBytes() == bytes)
        // Through unknown fields and back: nothing is lost.
        let opaque = try Ext(serializedBytes: bytes)
        #expect(opaque.extensionFields.isEmpty)
        #expect(opaque.child.extensionFields.isEmpty)
        let again = try Ext(serializedBytes: opaque.serializedBytes(), extensions: registry)
        #expect(again == m)
        #expect(again.serializedBytes() == bytes)
    }

    @Test func registryAppliesInNestedMessages() throws {
        var m = Ext()
        m.child.child[extension: Protohttp_Ext2_Extensions_opt_string] = "deep"
        let back = try Ext(serializedBytes: m.serializedBytes(), extensions: registry)
        #expect(back.child.child[extension: Protohttp_Ext2_Extensions_opt_string] == "deep")
        #expect(back.child.child.unknownFields.isEmpty)
    }

    @Test func repeatedPackedAndGroupGoldens() {
        var m = Ext()
        m[extension: Protohttp_Ext2_Extensions_rep_sint32] = [1, -1]
        m[extension: Protohttp_Ext2_Extensions_packed_fixed64] = [2]
        m[extension: Protohttp_Ext2_Extensions_packed_color] = [.red, .blue]
        m[extension: Protohttp_Ext2_Extensions_optgroup].g = 1
        m[extension: Protohttp_Ext2_Extensions_packed_uint64] = [1, 128]
        let golden: [UInt8] = [
            0x70, 0x02, 0x70, 0x01,                          // 14 rep_sint32, unpacked: zigzag 1 = 2, -1 = 1
            0x7A, 0x08, 2, 0, 0, 0, 0, 0, 0, 0,              // 15 packed_fixed64 [2]: (15<<3)|2 = 122
            0x8A, 0x01, 0x02, 0x01, 0x03,                    // 17 packed_color [1, 3]: (17<<3)|2 = 138
            0xB3, 0x06, 0x08, 0x01, 0xB4, 0x06,              // 102 group: start (102<<3)|3 = 819, g = 1, end 820
            0xFA, 0xFF, 0xFF, 0xFF, 0x0F, 0x03, 0x01, 0x80, 0x01,  // 536870911 packed [1, 128]
        ]
        #expect(m.serializedBytes() == golden)
    }

    @Test func packedAndUnpackedFormsAreBothAccepted() throws {
        // rep_sint32 (declared unpacked) sent packed; packed_fixed64 (declared packed) sent unpacked.
        let bytes: [UInt8] = [
            0x72, 0x02, 0x02, 0x01,                  // 14, packed run [1, -1]
            0x79, 5, 0, 0, 0, 0, 0, 0, 0,            // 15, one fixed64 = 5: (15<<3)|1 = 121
            0x80, 0x01, 0x02,                        // 16 rep_color, unpacked green: (16<<3)|0 = 128
            0x88, 0x01, 0x03,                        // 17 packed_color sent unpacked: blue, (17<<3)|0 = 136
        ]
        let m = try Ext(serializedBytes: bytes, extensions: registry)
        #expect(m[extension: Protohttp_Ext2_Extensions_rep_sint32] == [1, -1])
        #expect(m[extension: Protohttp_Ext2_Extensions_packed_fixed64] == [5])
        #expect(m[extension: Protohttp_Ext2_Extensions_rep_color] == [.green])
        #expect(m[extension: Protohttp_Ext2_Extensions_packed_color] == [.blue])
        #expect(m.unknownFields.isEmpty)
    }

    @Test func closedEnumValuesOutsideTheEnumGoToUnknownFields() throws {
        // opt_color = 7, rep_color = [9], packed_color = [1, 8]: 7, 9 and 8 are not Colors.
        let bytes: [UInt8] = [0x68, 0x07, 0x80, 0x01, 0x09, 0x8A, 0x01, 0x02, 0x01, 0x08]
        let m = try Ext(serializedBytes: bytes, extensions: registry)
        #expect(!m.hasExtension(Protohttp_Ext2_Extensions_opt_color))
        #expect(!m.hasExtension(Protohttp_Ext2_Extensions_rep_color))
        #expect(m[extension: Protohttp_Ext2_Extensions_packed_color] == [.red])
        #expect(m.unknownFields.bytes == [0x68, 0x07, 0x80, 0x01, 0x09, 0x88, 0x01, 0x08])
    }

    @Test func aWireTypeThatDoesNotFitTheDeclarationStaysUnknown() throws {
        // Field 10 (int32) as a length-delimited field; field 100 (message) as a varint.
        let bytes: [UInt8] = [0x52, 0x01, 0x41, 0xA0, 0x06, 0x01]
        let m = try Ext(serializedBytes: bytes, extensions: registry)
        #expect(m.extensionFields.isEmpty)
        #expect(m.unknownFields.bytes == bytes)
        #expect(m.serializedBytes() == bytes)
    }

    @Test func mergeSemantics() throws {
        // opt_int32 twice: the last wins. opt_payload twice: merged. rep_payload: appended.
        let bytes: [UInt8] = [
            0x50, 0x01, 0x50, 0x02,
            0xA2, 0x06, 0x02, 0x08, 0x03,
            0xA2, 0x06, 0x03, 0x12, 0x01, 0x7A,
            0xAA, 0x06, 0x00, 0xAA, 0x06, 0x02, 0x08, 0x04,
        ]
        let m = try Ext(serializedBytes: bytes, extensions: registry)
        #expect(m[extension: Protohttp_Ext2_Extensions_opt_int32] == 2)
        #expect(m[extension: Protohttp_Ext2_Extensions_opt_payload].n == 3)
        #expect(m[extension: Protohttp_Ext2_Extensions_opt_payload].s == "z")
        #expect(m[extension: Protohttp_Ext2_Extensions_rep_payload].map(\.n) == [0, 4])
        var merged = try Ext(serializedBytes: [0x50, 0x09], extensions: registry)
        try merged.merge(serializedBytes: [0xA2, 0x06, 0x02, 0x08, 0x05], extensions: registry)
        #expect(merged[extension: Protohttp_Ext2_Extensions_opt_int32] == 9)
        #expect(merged[extension: Protohttp_Ext2_Extensions_opt_payload].n == 5)
    }

    @Test func requiredFieldsInsideExtensionsAreChecked() throws {
        var m = Ext()
        m[extension: Protohttp_Ext2_Extensions_needs_init] = Protohttp_Ext2_NeedsInit()
        #expect(!m.isInitialized)
        let bytes = m.serializedBytes()
        let error = wireError { () throws(WireError) in _ = try Ext(serializedBytes: bytes, extensions: registry) }
        #expect(error?.code == .missingRequiredFields)
        let partial = try Ext(serializedBytes: bytes, extensions: registry, options: DecodingOptions(allowPartial: true))
        #expect(partial.hasExtension(Protohttp_Ext2_Extensions_needs_init))
        // Unregistered, the extension is opaque and cannot be checked.
        #expect(try Ext(serializedBytes: bytes).isInitialized)
        m[extension: Protohttp_Ext2_Extensions_needs_init].id = 1
        #expect(m.isInitialized)
    }

    @Test func badExtensionPayloadsThrowWithOffsets() {
        // opt_payload declares 5 bytes but 2 follow.
        let truncated: [UInt8] = [0x08, 0x01, 0xA2, 0x06, 0x05, 0x08, 0x01]
        let e1 = wireError { () throws(WireError) in _ = try Ext(serializedBytes: truncated, extensions: registry) }
        #expect(e1?.code == .truncated)
        #expect(e1?.offset == 4)
        // The same bytes without the registry fail in the same place: skipping checks lengths too.
        let e2 = wireError { () throws(WireError) in _ = try Ext(serializedBytes: truncated) }
        #expect(e2?.code == .truncated)
        // A group extension without its end tag.
        let open: [UInt8] = [0xB3, 0x06, 0x08, 0x01]
        let e3 = wireError { () throws(WireError) in _ = try Ext(serializedBytes: open, extensions: registry) }
        #expect(e3?.code == .truncated)
        // Bytes that are not UTF-8 in a proto2 string extension (utf8_validation NONE) are no
        // error: the extension stays unset and the field is kept byte for byte.
        let utf8: [UInt8] = [0x5A, 0x01, 0xFF]
        let e4 = wireError { () throws(WireError) in
            let ext = try Ext(serializedBytes: utf8, extensions: registry)
            #expect(!ext.hasExtension(Protohttp_Ext2_Extensions_opt_string))
            #expect(ext.serializedBytes() == utf8)
        }
        #expect(e4 == nil)
        // Deeply nested extension messages hit the depth limit.
        var deep: [UInt8] = []
        for _ in 0..<5 { deep = [0xA2, 0x06] + varint(deep.count) + deep }
        let e5 = wireError { () throws(WireError) in
            _ = try Ext(serializedBytes: deep, extensions: registry, options: DecodingOptions(maxDepth: 3))
        }
        #expect(e5 == nil, "opt_payload holds a Payload, which has no extensions: only 1 level deep")
        var nested = Ext()
        nested.child.child.child.child[extension: Protohttp_Ext2_Extensions_opt_payload].n = 1
        let e6 = wireError { () throws(WireError) in
            _ = try Ext(serializedBytes: nested.serializedBytes(), extensions: registry, options: DecodingOptions(maxDepth: 4))
        }
        #expect(e6?.code == .depthLimitExceeded)
    }
}

@Suite struct ExtensionRegistryTests {
    @Test func lookupUnionAndEquality() {
        #expect(registry.count == 19)
        #expect(!registry.isEmpty)
        let found = registry.declaration(for: Ext.self, fieldNumber: 111)
        #expect(found?.fieldName == "protohttp.ext2.Scope.default")
        #expect(found?.extendedMessageType == Ext.self)
        #expect(registry.declaration(for: Ext.self, fieldNumber: 99) == nil)
        #expect(registry.declaration(for: Protohttp_Ext2_Container.self, fieldNumber: 1000)?.fieldNumber == 1000)

        var a: ExtensionRegistry = [Protohttp_Ext2_Extensions_opt_int32]
        let b = ExtensionRegistry([Protohttp_Ext2_Extensions_opt_string])
        #expect(a != b)
        a.formUnion(b)
        #expect(a.count == 2)
        #expect(a == b.union([Protohttp_Ext2_Extensions_opt_int32]))
        #expect(a.hashValue == b.union([Protohttp_Ext2_Extensions_opt_int32]).hashValue)
        var c = ExtensionRegistry()
        c.register(Protohttp_Ext2_Extensions_opt_int32)
        c.register(Protohttp_Ext2_Extensions_opt_int32)
        #expect(c.count == 1)
        #expect(DecodingOptions(extensions: c) != DecodingOptions())
    }

    @Test func onlyRegisteredExtensionsDecodeTyped() throws {
        let subset: ExtensionRegistry = [Protohttp_Ext2_Extensions_opt_int32]
        let m = try Ext(serializedBytes: ExtensionWireTests.interleaved, extensions: subset)
        #expect(m[extension: Protohttp_Ext2_Extensions_opt_int32] == 5)
        #expect(!m.hasExtension(Protohttp_Ext2_Extensions_opt_payload))
        #expect(m.unknownFields.bytes == [0xA2, 0x06, 0x02, 0x08, 0x01])
    }
}

/// The varint encoding of `n`.
func varint(_ n: Int) -> [UInt8] {
    var v = UInt64(n)
    var out: [UInt8] = []
    while v >= 0x80 {
        out.append(UInt8(v & 0x7F) | 0x80)
        v >>= 7
    }
    out.append(UInt8(v))
    return out
}

/// The README's extension example, kept compiling and true.
@Suite struct ReadmeExtensionExampleTests {
    @Test func readmeExampleHolds() throws {
        var msg = Protohttp_Ext2_Extendable()
        msg[extension: Protohttp_Ext2_Extensions_opt_int32] = 7
        let bytes = msg.serializedBytes()
        #expect(bytes == [0x50, 0x07])
        let decoded = try Protohttp_Ext2_Extendable(serializedBytes: bytes,
                                                    extensions: Protohttp_Ext2_TestExtensions2_Extensions)
        #expect(decoded.hasExtension(Protohttp_Ext2_Extensions_opt_int32))
        #expect(decoded.Protohttp_Ext2_optInt32 == 7)
        // Without the registry the field stays byte-exact in unknownFields.
        let plain = try Protohttp_Ext2_Extendable(serializedBytes: bytes)
        #expect(!plain.hasExtension(Protohttp_Ext2_Extensions_opt_int32))
        #expect(plain.unknownFields.bytes == [0x50, 0x07])
    }
}
