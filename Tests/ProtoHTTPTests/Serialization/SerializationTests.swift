// SerializationTests.swift: media-type negotiation, serializers, validators and protocol error-body decoding (no network).
import Foundation
import Testing
@testable import ProtoHTTP
import ProtoHTTPCore

@Suite("Serialization")
struct SerializationTests {
    typealias Reply = Protohttp_Rpctest_PingResponse

    private func metadata(_ contentType: String?, status: Int = 200) -> ResponseMetadata {
        ResponseMetadata(status: status, headers: contentType.map { [.contentType: $0] } ?? [:])
    }

    @Test("the negotiating serializer picks binary or proto3 JSON, and names an unexpected type")
    func negotiation() throws {
        var reply = Reply()
        reply.text = "hi"
        reply.number = 7
        let serializer = MessageResponseSerializer<Reply>()
        #expect(try serializer.serialize(reply.serializedBytes(), metadata: metadata("application/proto")) == reply)
        #expect(try serializer.serialize(Array(#"{"text":"hi","number":7,"extra":1}"#.utf8), metadata: metadata("application/json; charset=utf-8")) == reply)
        let error = #expect(throws: ProtoHTTPError.self) { try serializer.serialize([1, 2], metadata: metadata("text/html")) }
        #expect(error?.message.contains("text/html") == true)
        #expect(throws: ProtoHTTPError.self) { try serializer.serialize([], metadata: metadata(nil)) }
        let bad = #expect(throws: ProtoHTTPError.self) { try serializer.serialize([0xFF], metadata: metadata("application/x-protobuf")) }
        #expect(bad?.code == .dataLoss)
    }

    @Test("under the plain protocol an answer of any other type, or of none, is JSON when it parses; Connect and Twirp stay strict")
    func otherTypesAreJSON() throws {
        var reply = Reply()
        reply.text = "hi"
        let json = Array(#"{"text":"hi"}"#.utf8)
        let serializer = MessageResponseSerializer<Reply>()
        for type in ["text/plain; charset=utf-8", "text/json", "text/html", nil] {
            for rpcProtocol in [RPCProtocol.plain, nil] {
                var meta = metadata(type)
                meta.rpcProtocol = rpcProtocol
                #expect(try serializer.serialize(json, metadata: meta) == reply, "\(type ?? "none") under \(String(describing: rpcProtocol))")
            }
        }
        var plain = metadata("text/plain")
        plain.rpcProtocol = .plain
        let notJSON = #expect(throws: ProtoHTTPError.self) { try serializer.serialize(Array("OK".utf8), metadata: plain) }
        #expect(notJSON?.code == .internal)
        #expect(notJSON?.message.contains(#"Content-Type "text/plain", so ProtoHTTP read it as JSON"#) == true, "\(notJSON?.message ?? "")")
        var missing = metadata(nil)
        missing.rpcProtocol = .plain
        let empty = #expect(throws: ProtoHTTPError.self) { try serializer.serialize([0x08, 0x01], metadata: missing) }
        #expect(empty?.message.contains("no Content-Type, so ProtoHTTP read it as JSON") == true)
        for rpcProtocol in [RPCProtocol.connect, .twirp] {
            var strict = metadata("text/plain")
            strict.rpcProtocol = rpcProtocol
            let refused = #expect(throws: ProtoHTTPError.self) { try serializer.serialize(json, metadata: strict) }
            #expect(refused?.message.contains("expected binary protobuf") == true, "\(rpcProtocol)")
        }
    }

    @Test("request serializers: content type follows the protocol; form encoding as AFNetworking")
    func requestSerializers() throws {
        var request = Protohttp_Rpctest_PingRequest()
        request.text = "a"
        let binary = try ProtobufRequestSerializer<Protohttp_Rpctest_PingRequest>().serialize(request, context: ConnectProtocol().serializationContext)
        #expect(binary.contentType == "application/proto")
        #expect(binary.bytes == request.serializedBytes())
        #expect(try ProtobufRequestSerializer<Protohttp_Rpctest_PingRequest>().serialize(request, context: TwirpProtocol().serializationContext).contentType == "application/protobuf")
        #expect(try ProtobufRequestSerializer<Protohttp_Rpctest_PingRequest>().serialize(request, context: PlainProtocol().serializationContext).contentType == "application/x-protobuf")
        #expect(try ProtobufRequestSerializer<Protohttp_Rpctest_PingRequest>().serialize(request, context: PlainProtocol(binaryContentType: "application/octet-stream").serializationContext).contentType == "application/octet-stream")
        let json = try ProtoJSONRequestSerializer<Protohttp_Rpctest_PingRequest>().serialize(request, context: SerializationContext())
        #expect(String(decoding: json.bytes, as: UTF8.self) == #"{"text":"a"}"#)
        let form = try FormURLEncodedRequestSerializer().serialize(["b": "x y&z", "a": "ü/?"], context: SerializationContext())
        #expect(String(decoding: form.bytes, as: UTF8.self) == "a=%C3%BC/?&b=x%20y%26z")
        #expect(form.contentType == "application/x-www-form-urlencoded; charset=utf-8")
        struct Body: Codable, Sendable { var b: Int; var a: String }
        let codable = try JSONRequestSerializer<Body>().serialize(Body(b: 1, a: "x"), context: SerializationContext())
        #expect(String(decoding: codable.bytes, as: UTF8.self) == #"{"a":"x","b":1}"#)
        #expect(try RawRequestSerializer().serialize([9], context: SerializationContext()).bytes == [9])
    }

    @Test("validators: default 200–299, custom status codes and content types")
    func validators() throws {
        try StatusCodeValidator().validate(metadata("text/plain", status: 204), body: [])
        let error = #expect(throws: ProtoHTTPError.self) { try StatusCodeValidator().validate(metadata("text/plain", status: 503), body: Array("busy".utf8)) }
        #expect(error?.code == .unavailable)
        #expect(error?.httpStatus == 503)
        try StatusCodeValidator([200, 404]).validate(metadata(nil, status: 404), body: [])
        try ContentTypeValidator(["application/*"]).validate(metadata("Application/Proto"), body: [1])
        #expect(throws: ProtoHTTPError.self) { try ContentTypeValidator(["application/json"]).validate(metadata("text/html"), body: [1]) }
    }

    @Test("Connect error bodies: code, message, base64 details; other bodies by the status table")
    func connectErrors() throws {
        let body = #"{"code":"not_found","message":"nope","details":[{"type":"protohttp.rpctest.PingResponse","value":"CgZkZXRhaWw"}]}"#
        let error = ConnectProtocol.decodeError(status: 404, headers: [.named("content-type"): "application/json"], body: Array(body.utf8))
        #expect(error.code == .notFound)
        #expect(error.message == "nope")
        #expect(error.details.count == 1)
        #expect(error.details.first?.unpack(Reply.self)?.text == "detail")
        #expect(ConnectProtocol.decodeError(status: 503, headers: [:], body: []).code == .unavailable)
        #expect(ConnectProtocol.decodeError(status: 404, headers: [:], body: Array("<html>".utf8)).code == .unimplemented)
        #expect(ConnectProtocol.decodeError(status: 400, headers: [:], body: []).code == .internal)
        #expect(ConnectProtocol().headers(timeout: .milliseconds(1500)).firstValue(.connectTimeout) == "1500")
    }

    @Test("Twirp error bodies: code (data_loss and dataloss), msg, meta")
    func twirpErrors() {
        for name in ["data_loss", "dataloss"] {
            let error = TwirpProtocol.decodeError(status: 500, body: Array(#"{"code":"\#(name)","msg":"gone","meta":{"k":"v"}}"#.utf8))
            #expect(error.code == .dataLoss)
            #expect(error.message == "gone")
            #expect(error.meta == ["k": "v"])
        }
        #expect(TwirpProtocol.decodeError(status: 404, body: Array(#"{"code":"bad_route","msg":"x"}"#.utf8)).code == .unimplemented)
        #expect(TwirpProtocol.decodeError(status: 502, body: []).code == .unavailable)
        #expect(TwirpProtocol().route("/a.B/C") == "/twirp/a.B/C")
    }
}
