// QualificationTests.swift: one file importing ProtoWire and SwiftProtobuf names both libraries' well-known types and options, each qualified by its module.
import Foundation
import ProtoWire
import SwiftProtobuf
import Testing

/// Both libraries name the well-known types as protoc does (`Google_Protobuf_Timestamp`, …) and
/// have options types of the same names (`JSONDecodingOptions`, `JSONEncodingOptions`): in a
/// file that imports both, each such name needs its module in front, or the compiler calls it
/// ambiguous. Names only one library has (`ProtoMessage`, `SwiftProtobuf.Message`'s `Message`)
/// need nothing.
@Suite("ProtoWire beside SwiftProtobuf")
struct QualificationTests {
    @Test("a Timestamp, a StringValue and an Any of each library, named by module, carry the same bytes and JSON")
    func wellKnownTypesSideBySide() throws {
        let ours = ProtoWire.Google_Protobuf_Timestamp(seconds: 1_700_000_000, nanos: 5_000)
        let theirs = try SwiftProtobuf.Google_Protobuf_Timestamp(serializedBytes: ours.serializedBytes())
        #expect(theirs.seconds == 1_700_000_000 && theirs.nanos == 5_000)
        #expect(try theirs.jsonString() == ours.jsonString())

        let text = ProtoWire.Google_Protobuf_StringValue("hello")
        let same = SwiftProtobuf.Google_Protobuf_StringValue.with { $0.value = "hello" }
        #expect(try same.serializedBytes() == text.serializedBytes())

        // An Any packed by one library unpacks in the other.
        let packed = try SwiftProtobuf.Google_Protobuf_Any(message: same)
        let unpacked = try ProtoWire.Google_Protobuf_Any(serializedBytes: packed.serializedBytes() as [UInt8])
        #expect(unpacked.typeURL == "type.googleapis.com/google.protobuf.StringValue")
        #expect(try ProtoWire.Google_Protobuf_StringValue(serializedBytes: unpacked.value) == text)
    }

    @Test("the options types of the same name, each qualified, configure their own library")
    func optionsSideBySide() throws {
        var ourOptions = ProtoWire.JSONDecodingOptions()
        ourOptions.ignoreUnknownFields = true
        var theirOptions = SwiftProtobuf.JSONDecodingOptions()
        theirOptions.ignoreUnknownFields = true
        let json = #"{"value": "x", "extra": 1}"#
        #expect(try ProtoWire.Google_Protobuf_StringValue(jsonString: #""x""#, options: ourOptions).value == "x")
        #expect(try SwiftProtobuf.Google_Protobuf_Struct(jsonString: json, options: theirOptions).fields.count == 2)
    }
}
