// CrossCheckKnownDifferencesTests.swift: pins the protobuf-c 1.4.1 behaviours that ProtobufCNormalizer accounts for.

import CProtobufCTestSupport
import ProtoWire
import ProtoWireTestSchema
import Testing

/// If protobuf-c ever stops differing here, these fail and the normalizer can shrink.
@Suite struct CrossCheckKnownDifferencesTests {
    /// protobuf-c reads -0.0 into an implicit float but treats it as zero when packing.
    @Test func protobufCDropsNegativeZeroInImplicitFloat() throws {
        var m = Protohttp_Test_TestAllTypes3()
        m.fFloat = -0.0
        let bytes = m.serializedBytes()
        #expect(bytes == [0x5D, 0x00, 0x00, 0x00, 0x80])
        let c = try #require(ProtobufCView(unpacking: bytes, schema: PCX_SCHEMA_ALL_TYPES3))
        #expect(c.dump == "{11=f80000000;}")
        #expect(c.packed == [])
        #expect(ProtobufCNormalizer.allTypes3(bytes) == c.packed)
    }

    /// protobuf-c leaves zero keys and values out of proto3 map entries; ProtoWire writes both.
    @Test func protobufCDropsZeroMapEntryFields() throws {
        var m = Protohttp_Test_TestAllTypes3()
        m.mInt32Int32 = [0: 0, 1: 0]
        m.mSint32Float = [2: -0.0]
        m.mFixed32Nested = [0: Protohttp_Test_Nested3()]
        let bytes = m.serializedBytes(options: EncodingOptions(deterministic: true))
        #expect(bytes == [
            0xBA, 0x04, 0x04, 0x08, 0x00, 0x10, 0x00,
            0xBA, 0x04, 0x04, 0x08, 0x01, 0x10, 0x00,
            0xDA, 0x04, 0x07, 0x08, 0x04, 0x15, 0x00, 0x00, 0x00, 0x80,
            0xEA, 0x04, 0x07, 0x0D, 0x00, 0x00, 0x00, 0x00, 0x12, 0x00,
        ])
        let c = try #require(ProtobufCView(unpacking: bytes, schema: PCX_SCHEMA_ALL_TYPES3))
        #expect(c.dump == "{71=<0:0,1:0,>;75=<2:f80000000,>;77=<0:{},>;}")
        #expect(c.packed == [
            0xBA, 0x04, 0x00,
            0xBA, 0x04, 0x02, 0x08, 0x01,
            0xDA, 0x04, 0x02, 0x08, 0x04,
            0xEA, 0x04, 0x02, 0x12, 0x00,
        ])
        #expect(ProtobufCNormalizer.allTypes3(bytes) == c.packed)
    }
}
