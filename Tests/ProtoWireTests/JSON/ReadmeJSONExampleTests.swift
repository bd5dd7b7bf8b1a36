// ReadmeJSONExampleTests.swift: the README's JSON example, kept compiling and true.

import Foundation
import ProtoWire
import ProtoWireTestSchema
import Testing

@Suite struct ReadmeJSONExampleTests {
    @Test func readmeExampleHolds() throws {
        var msg = Protohttp_Test_TestAllTypes3()
        msg.fInt64 = -9_007_199_254_740_993
        msg.fBytes = Data([1, 2, 3])
        msg.fEnum = .red
        let json = try msg.jsonString()
        #expect(json == #"{"fInt64":"-9007199254740993","fBytes":"AQID","fEnum":"COLOR_RED"}"#)
        #expect(try Protohttp_Test_TestAllTypes3(jsonString: json) == msg)

        let wide = try msg.jsonUTF8Bytes(options: JSONEncodingOptions(preserveProtoFieldNames: true))
        #expect(String(decoding: wide, as: UTF8.self).contains(#""f_int64":"-9007199254740993""#))

        let lenient = try Protohttp_Test_TestAllTypes3(
            jsonString: #"{"f_int32": 1, "futureField": true}"#,
            options: JSONDecodingOptions(ignoreUnknownFields: true))
        #expect(lenient.fInt32 == 1)
        #expect(throws: WireError.self) {
            try Protohttp_Test_TestAllTypes3(jsonString: #"{"f_int32": 1, "futureField": true}"#)
        }
    }
}
