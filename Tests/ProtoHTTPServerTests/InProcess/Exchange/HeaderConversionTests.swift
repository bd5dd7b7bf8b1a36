// HeaderConversionTests.swift: NIO's request head headers to HTTPFields: names, spelling, order and values kept.
import HTTPTypes
import NIOHTTP1
@testable import ProtoHTTPServer
import Testing

@Suite("Request headers: NIO's HTTPHeaders to HTTPFields")
struct HeaderConversionTests {
    @Test("common names (made once) and others alike keep their spelling, order and value; lookups ignore case")
    func namesKeepSpellingAndOrder() {
        let pairs = [("Host", "127.0.0.1:8080"), ("User-Agent", "ProtoHTTP"), ("Accept", "*/*"),
                     ("Content-Type", "application/x-protobuf"), ("Content-Length", "19"), ("Accept-Encoding", "gzip"),
                     ("content-type", "application/json"), ("CONTENT-TYPE", "text/plain"), ("X-Trace", "abc"), ("x-trace", "def")]
        let fields = HTTPFields(HTTPHeaders(pairs))
        #expect(fields.map(\.name.rawName) == pairs.map(\.0))
        #expect(fields.map(\.value) == pairs.map(\.1))
        #expect(fields.map(\.name.canonicalName) == pairs.map { $0.0.lowercased() })
        #expect(fields[values: .contentType] == ["application/x-protobuf", "application/json", "text/plain"])
        #expect(HTTPFields.commonName("Content-Type") == .contentType)
        #expect(HTTPFields.commonName("content-type") == nil && HTTPFields.commonName("X-Trace") == nil)
    }

    /// The six common names are told apart by length first: each is found, with its spelling,
    /// and a name of the same length but other letters (or case) is not mistaken for it.
    @Test("every common name is found by its length and letters, and only by them")
    func commonNamesByLengthAndLetters() {
        let common: [(String, HTTPField.Name)] = [("Host", HTTPField.Name("Host")!), ("Accept", .accept), ("User-Agent", .userAgent),
                                                  ("Content-Type", .contentType), ("Content-Length", .contentLength),
                                                  ("Accept-Encoding", .acceptEncoding)]
        for (spelling, name) in common {
            #expect(HTTPFields.commonName(spelling) == name)
            #expect(HTTPFields.commonName(spelling)?.rawName == spelling)
        }
        for lookalike in ["Hose", "Origin", "X-Trace-Id", "Content-Tipe", "Content-Lengtz", "Accept-Language", "", "A-Very-Long-Header-Name"] {
            #expect(HTTPFields.commonName(lookalike) == nil, "\(lookalike)")
        }
    }
}
