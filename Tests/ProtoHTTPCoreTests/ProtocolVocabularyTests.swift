// ProtocolVocabularyTests.swift: media types, the protocols' content-type tables, header lookup and names from text, the Connect timeout grammar.
import ProtoHTTPCore
import Testing
import HTTPTypes

@Suite struct ProtocolVocabularyTests {
    @Test func mediaTypesClassifyCaseInsensitivelyIgnoringParameters() {
        #expect(MediaType("Application/X-Protobuf; charset=binary").kind == .protobuf)
        #expect(MediaType("application/x-protobuf").essence == "application/x-protobuf")
        #expect(MediaType(" application/json\t").essence == "application/json")
        #expect(MediaType("application/JSON;charset=utf-8").essence == "application/json")
        #expect(MediaType("application/proto").kind == .protobuf)
        #expect(MediaType("application/protobuf").kind == .protobuf)
        #expect(MediaType(" application/octet-stream ").kind == .protobuf)
        #expect(MediaType("APPLICATION/JSON;charset=UTF-8").kind == .json)
        #expect(MediaType("application/problem+json").kind == .json)
        #expect(MediaType("+json").kind == .other)
        #expect(MediaType("text/html").kind == .other)
        #expect(MediaType("").essence == "")
        #expect(MediaType("application/json").matches("application/*"))
        #expect(MediaType("application/json").matches("*/*"))
        #expect(!MediaType("text/plain").matches("application/*"))
    }

    @Test func contentTypeTablesRoundTrip() {
        for wireProtocol in RPCProtocol.allCases {
            for encoding in [BodyEncoding.binary, .json] {
                let type = wireProtocol.contentType(for: encoding)
                #expect(wireProtocol.encoding(ofMediaType: type) == encoding, "\(wireProtocol) \(encoding)")
                #expect(wireProtocol.acceptedMediaTypes.contains(type))
            }
        }
        #expect(RPCProtocol.connect.contentType(for: .binary) == "application/proto")
        #expect(RPCProtocol.twirp.contentType(for: .binary) == "application/protobuf")
        #expect(RPCProtocol.plain.contentType(for: .binary) == "application/x-protobuf")
    }

    @Test func eachProtocolRefusesTheOthersBinaryTypes() {
        #expect(RPCProtocol.connect.encoding(ofMediaType: "application/protobuf") == nil)
        #expect(RPCProtocol.connect.encoding(ofMediaType: "application/x-protobuf") == nil)
        #expect(RPCProtocol.twirp.encoding(ofMediaType: "application/proto") == nil)
        #expect(RPCProtocol.connect.encoding(ofMediaType: "text/plain") == nil)
        #expect(RPCProtocol.plain.encoding(ofMediaType: "application/octet-stream") == .binary)
        #expect(RPCProtocol.plain.encoding(ofMediaType: "application/vnd.api+json") == .json)
        #expect(RPCProtocol.plain.encoding(ofMediaType: "text/plain") == nil)
    }

    @Test func headerLookupIgnoresCaseAndKeepsOrder() {
        let headers = HTTPFields([HTTPField(name: .setCookie, value: "a=1"), HTTPField(name: .named("content-TYPE"), value: "application/json"),
                                  HTTPField(name: .named("set-cookie"), value: "b=2"), HTTPField(name: .contentType, value: "text/plain")])
        #expect(headers.firstValue(.contentType) == "application/json", "the first field, not the joined values")
        #expect(headers[values: .named("SET-COOKIE")] == ["a=1", "b=2"])
        #expect(headers.contains(.named("set-Cookie")))
        #expect(!headers.contains(.named("Set-Cookie2")))
        #expect(headers.firstValue(.named("Content-Typ")) == nil)
        #expect(headers.map(\.name.rawName) == ["Set-Cookie", "content-TYPE", "set-cookie", "Content-Type"], "spelling and order kept")
    }

    @Test func projectHeaderNamesCompareCaseInsensitively() throws {
        let headers = try HTTPFields(validating: ["CONNECT-PROTOCOL-VERSION": "1", "connect-timeout-ms": "250", "IDEMPOTENCY-key": "k"])
        #expect(headers.firstValue(.connectProtocolVersion) == "1")
        #expect(headers[.connectTimeout].flatMap(ConnectHeaders.parseTimeout) == .milliseconds(250))
        #expect(headers.firstValue(.idempotencyKey) == "k")
        #expect(ConnectHeaders.protocolVersion == .connectProtocolVersion && ConnectHeaders.timeout.rawName == "Connect-Timeout-Ms")
        #expect(try HTTPField.Name(validating: "x-api-KEY") == .xAPIKey)
        #expect(HTTPField.Name.acceptPost.canonicalName == "accept-post")
    }

    @Test(arguments: ["bad name", "", "X-Colon:", "Line\r\nBreak", "Ünicode", ":path"])
    func invalidHeaderNamesThrowAClearError(name: String) {
        let error = #expect(throws: ProtoHTTPError.self) { try HTTPField.Name(validating: name) }
        #expect(error?.code == .invalidArgument)
        #expect(error?.message.contains("\"\(name)\" is not a valid HTTP header name") == true, "\(String(describing: error))")
        let inFields = #expect(throws: ProtoHTTPError.self) { try HTTPFields(validating: ["X-Fine": "1", name: "v"]) }
        #expect(inFields?.code == .invalidArgument && inFields?.message.contains("\"\(name)\"") == true)
    }

    @Test func textFieldsKeepOrderAndRefuseLineBreaksInValues() throws {
        let fields = try HTTPFields(validating: ["X-B": "2", "x-a": "1", "X-B": "3"])
        #expect(fields.map(\.name.rawName) == ["X-B", "x-a", "X-B"] && fields[values: .named("x-b")] == ["2", "3"])
        let error = #expect(throws: ProtoHTTPError.self) { try HTTPFields(validating: ["X-Trace": "a\r\nInjected: yes"]) }
        #expect(error?.code == .invalidArgument && error?.message.contains("line break") == true)
    }

    @Test func methodsBridgeToSwiftHTTPTypes() {
        #expect(HTTPMethod(HTTPRequest.Method.get) == .get && HTTPMethod.patch.requestMethod == .patch)
        #expect(HTTPMethod(rawValue: "PROPFIND").requestMethod?.rawValue == "PROPFIND")
        #expect(HTTPMethod(rawValue: "GE T").requestMethod == nil)
    }

    @Test(arguments: [("1500", 1500), (" 0\t", 0), ("9999999999", 9_999_999_999), ("0001", 1)])
    func timeoutGrammarAcceptsOneToTenDigits(value: String, milliseconds: Int64) {
        #expect(ConnectHeaders.parseTimeout(value) == .milliseconds(milliseconds))
    }

    @Test(arguments: ["", " ", "12345678901", "-1", "+1", "1.5", "1e3", "١٢", "10 ms", "0x10"])
    func timeoutGrammarRejectsEverythingElse(value: String) {
        #expect(ConnectHeaders.parseTimeout(value) == nil)
    }

    @Test func timeoutValuesAreWholeMillisecondsWithinTenDigits() {
        #expect(ConnectHeaders.timeoutValue(.milliseconds(1500)) == "1500")
        #expect(ConnectHeaders.timeoutValue(.microseconds(2500)) == "2")
        #expect(ConnectHeaders.timeoutValue(.nanoseconds(1)) == "1")
        #expect(ConnectHeaders.timeoutValue(.zero) == "1")
        #expect(ConnectHeaders.timeoutValue(.seconds(-5)) == "1")
        #expect(ConnectHeaders.timeoutValue(.seconds(Int64.max)) == "9999999999")
        #expect(ConnectHeaders.parseTimeout(ConnectHeaders.timeoutValue(.seconds(3600))) == .seconds(3600))
        #expect(ConnectHeaders.isSupportedVersion(" 1 "))
        #expect(!ConnectHeaders.isSupportedVersion("2"))
    }
}
