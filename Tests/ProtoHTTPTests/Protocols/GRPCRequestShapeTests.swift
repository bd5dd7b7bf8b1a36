// GRPCRequestShapeTests.swift: the headers gRPC and gRPC-Web requests carry, and the HTTP version a gRPC request asks for by its URL.
import HTTPTypes
import Testing
import ProtoHTTP
import ProtoHTTPCore

@Suite("gRPC and gRPC-Web requests, as the client shapes them")
struct GRPCRequestShapeTests {
    @Test("the protocol headers, in order, with grpc-timeout only for a deadline")
    func headers() {
        let grpc = GRPCProtocol().headers(timeout: .milliseconds(250))
        #expect(Array(grpc) == [HTTPField(name: .te, value: "trailers"), HTTPField(name: .grpcAcceptEncoding, value: "gzip,identity"),
                                HTTPField(name: .grpcTimeout, value: GRPCTimeout.format(.milliseconds(250)))])
        let web = GRPCWebProtocol().headers(timeout: nil)
        #expect(Array(web) == [HTTPField(name: .xGRPCWeb, value: "1"), HTTPField(name: .grpcAcceptEncoding, value: "gzip,identity")])
        #expect(web[.grpcTimeout] == nil)
    }

    @Test("https in any case asks for HTTP/2 over TLS; anything else, prior knowledge (a URL too short to say https included)",
          arguments: [("https://api.example/x", true), ("HTTPS://api.example/x", true), ("HttpS://h", true),
                      ("http://127.0.0.1:8080/x", false), ("https", false), ("", false), ("httpx://h", false)])
    func httpVersion(url: String, tls: Bool) {
        let request = GRPCProtocol().finalize(TransportRequest(url: url, body: [1]), method: nil)
        #expect(request.httpVersion == (tls ? .http2 : .http2PriorKnowledge))
        #expect(!request.negotiatesContent)
        #expect(GRPCWebProtocol().finalize(TransportRequest(url: url, body: [1]), method: nil).negotiatesContent)
    }
}
