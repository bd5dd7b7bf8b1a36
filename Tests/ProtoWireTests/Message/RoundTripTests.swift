// RoundTripTests.swift: encode/decode round trips of the proto3 test schema.

import Foundation
import ProtoWire
import ProtoWireTestSchema
import Testing

@Suite struct RoundTripTests {
    @Test func emptyMessageEncodesToNothing() throws {
        let msg = Protohttp_Test_TestAllTypes3()
        #expect(msg.serializedBytes() == [])
        #expect(try Protohttp_Test_TestAllTypes3(serializedBytes: [UInt8]()) == msg)
    }

    @Test func everyKindRoundTrips() throws {
        var msg = Protohttp_Test_TestAllTypes3()
        msg.fInt32 = -1
        msg.fInt64 = .min
        msg.fUint32 = .max
        msg.fUint64 = .max
        msg.fSint32 = .min
        msg.fSint64 = .max
        msg.fFixed32 = 7
        msg.fFixed64 = 8
        msg.fSfixed32 = -9
        msg.fSfixed64 = -10
        msg.fFloat = -0.0
        msg.fDouble = .infinity
        msg.fBool = true
        msg.fString = "héllo 🌍"
        msg.fBytes = Data([0, 1, 255])
        msg.fEnum = .negative
        msg.fNested.a = 5
        msg.rInt32 = [1, -1, 300]
        msg.rString = ["a", ""]
        msg.rNested = [Protohttp_Test_Nested3(), Protohttp_Test_Nested3()]
        msg.uInt32 = [3, -3]
        msg.uEnum = [.red, .UNRECOGNIZED(99)]
        msg.mInt32Int32 = [1: 2, 0: 0]
        msg.mStringNested = ["k": Protohttp_Test_Nested3()]
        msg.mBoolInt64 = [true: -1, false: 1]
        msg.oNested.b = "x"
        msg.recursive.recursive.fInt32 = 42
        msg.rRecursive = [msg.recursive]
        msg.fMaxNumber = 1
        let bytes = msg.serializedBytes()
        #expect(bytes.count == msg.serializedSize)
        let back = try Protohttp_Test_TestAllTypes3(serializedBytes: bytes)
        #expect(back == msg)
        #expect(back.recursive.recursive.fInt32 == 42)
        #expect(back.serializedBytes(options: .init(deterministic: true)) == msg.serializedBytes(options: .init(deterministic: true)))
    }
}
