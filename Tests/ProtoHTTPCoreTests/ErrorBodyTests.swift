// ErrorBodyTests.swift: Connect and Twirp error bodies written and read back, and read from bad input without a crash.
import ProtoHTTPCore
import ProtoWire
import Testing

@Suite struct ErrorBodyTests {
    private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func connectBodyRoundTripsWithDetails() throws {
        var detail = Google_Protobuf_Timestamp()
        detail.seconds = 1_700_000_000
        let error = ProtoHTTPError(code: .notFound, message: "no note \"n4\"\n(tab\there)",
                                   details: [ErrorDetail(type: Google_Protobuf_Timestamp.protoMessageName, value: detail.serializedBytes()),
                                             ErrorDetail(type: "empty.Detail", value: [])])
        let body = ConnectErrorBody.encode(error)
        let read = try #require(ConnectErrorBody.decode(body, httpStatus: 404))
        #expect(read.code == .notFound)
        #expect(read.message == error.message)
        #expect(read.details == error.details)
        #expect(read.details.first?.unpack(Google_Protobuf_Timestamp.self) == detail)
        #expect(read.httpStatus == 404)
        #expect(read.responseBody == body)
    }

    @Test func connectBodyLeavesOutEmptyMessageAndDetails() {
        #expect(String(decoding: ConnectErrorBody.encode(ProtoHTTPError(code: .unavailable, message: "")), as: UTF8.self) == #"{"code":"unavailable"}"#)
    }

    @Test func connectReaderAcceptsTheSpecificationsVariants() throws {
        // URL-safe base64 without padding, an unknown member, a debug member, a detail without a value.
        let text = #"{"details":[{"type":"a.B","value":"-_8","debug":{"x":[1,2]}},{"type":"c.D"}],"code":"aborted","extra":null}"#
        let read = try #require(ConnectErrorBody.decode(bytes(text)))
        #expect(read.code == .aborted)
        #expect(read.message == "")
        #expect(read.details == [ErrorDetail(type: "a.B", value: [0xFB, 0xFF]), ErrorDetail(type: "c.D", value: [])])
    }

    @Test func connectReaderDropsBadDetailsButKeepsTheError() throws {
        let text = #"{"code":"internal","message":"m","details":[{"value":"AA=="},{"type":"x.Y","value":"not base64!"},{"type":7},{"type":"ok.Z","value":"AQ=="}]}"#
        let read = try #require(ConnectErrorBody.decode(bytes(text)))
        #expect(read.details == [ErrorDetail(type: "ok.Z", value: [1])])
        #expect(read.message == "m")
    }

    @Test(arguments: [
        "", "null", "[]", "\"not_found\"", "{}", #"{"code":5}"#, #"{"code":"NOT_FOUND"}"#, #"{"code":"teapot"}"#,
        #"{"code":"not_found""#, #"{"code":"not_found"} trailing"#, #"{"code":"not_found","details":{}}"#,
        "<html>404</html>", #"{"code":"not_found","message":"\ud800"}"#,
    ])
    func connectReaderRejectsWhatIsNotAConnectError(text: String) {
        #expect(ConnectErrorBody.decode(bytes(text)) == nil)
    }

    @Test func connectReaderSurvivesDeepNestingAndRandomBytes() {
        let deep = #"{"code":"internal","x":"# + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "}"
        #expect(ConnectErrorBody.decode(bytes(deep)) == nil)
        var generator = SystemRandomNumberGenerator()
        let seed = ConnectErrorBody.encode(ProtoHTTPError(code: .notFound, message: "m", details: [ErrorDetail(type: "a.B", value: [1, 2, 3])]))
        for _ in 0..<2000 {
            var mutated = seed
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                mutated[Int.random(in: 0..<mutated.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            }
            if let read = ConnectErrorBody.decode(mutated) {
                #expect(read.responseBody == mutated)
            }
        }
    }

    @Test func twirpBodyRoundTripsWithMetaAndOverride() throws {
        let error = ProtoHTTPError(code: .dataLoss, message: "gone", meta: ["b": "2", "a": "1"])
        let body = TwirpErrorBody.encode(error)
        #expect(String(decoding: body, as: UTF8.self) == #"{"code":"dataloss","msg":"gone","meta":{"a":"1","b":"2"}}"#)
        let read = try #require(TwirpErrorBody.decode(body, httpStatus: 500))
        #expect(read.code == .dataLoss)
        #expect(read.meta == error.meta)
        #expect(read.httpStatus == 500)
        let routed = TwirpErrorBody.encode(ProtoHTTPError(code: .unimplemented, message: "no"), twirpCode: "bad_route")
        #expect(TwirpErrorBody.decode(routed)?.code == .unimplemented)
        #expect(String(decoding: routed, as: UTF8.self).contains(#""code":"bad_route""#))
    }

    @Test func twirpReaderKeepsStringMetaAndReadsUnknownCodesAsUnknown() throws {
        let read = try #require(TwirpErrorBody.decode(bytes(#"{"code":"teapot","msg":null,"meta":{"n":1,"s":"v","o":{"k":"v"}}}"#)))
        #expect(read.code == .unknown)
        #expect(read.message == "")
        #expect(read.meta == ["s": "v"])
    }

    @Test(arguments: ["", "{}", #"{"msg":"x"}"#, #"{"code":1}"#, "[", #"{"code":"internal","meta":[]}"#, "plain text"])
    func twirpReaderRejectsWhatIsNotATwirpError(text: String) {
        #expect(TwirpErrorBody.decode(bytes(text)) == nil)
    }
}
