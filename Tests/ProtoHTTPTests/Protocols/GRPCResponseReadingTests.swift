// GRPCResponseReadingTests.swift: how the gRPC and gRPC-Web clients read answers, malformed ones included, without a server.
import HTTPTypes
import Testing
import ProtoHTTP
import ProtoHTTPCore

@Suite("gRPC and gRPC-Web responses, read by the client")
struct GRPCResponseReadingTests {
    static func response(status: Int = 200, headers: HTTPFields = [.contentType: "application/grpc"], body: [UInt8] = [],
                         trailers: HTTPFields = [:]) -> TransportResponse {
        var response = TransportResponse(status: status, headers: headers, body: body)
        response.trailers = trailers
        return response
    }

    @Test("a whole answer: the status in the trailers, one message; a gzip message is inflated")
    func wholeAnswer() throws {
        let ok = Self.response(body: GRPCFrame(payload: [1, 2, 3]).bytes, trailers: [.grpcStatus: "0"])
        #expect(GRPCProtocol().error(from: ok) == nil)
        #expect(try GRPCProtocol().message(of: ok).get().body == [1, 2, 3])
        #expect(try GRPCProtocol().message(of: ok).get().headers[.contentType] == "application/grpc", "headers stay as sent")
    }

    @Test("trailers-only errors, details, and the HTTP status table when no grpc-status came")
    func errors() {
        let details = GRPCStatusDetails.encode(ProtoHTTPError(code: .notFound, message: "x", details: [ErrorDetail(type: "pkg.Why", value: [9])]))
        let trailersOnly = Self.response(headers: [.contentType: "application/grpc", .grpcStatus: "5", .grpcMessage: "no%20such", .grpcStatusDetailsBin: details])
        let error = GRPCProtocol().error(from: trailersOnly)
        #expect(error?.code == .notFound && error?.message == "no such" && error?.details == [ErrorDetail(type: "pkg.Why", value: [9])])
        #expect(GRPCProtocol().error(from: Self.response(status: 503, headers: [:]))?.code == .unavailable)
        #expect(GRPCProtocol().error(from: Self.response(status: 404, headers: [:]))?.code == .unimplemented)
        #expect(GRPCProtocol().error(from: Self.response(status: 401, headers: [:]))?.code == .unauthenticated)
        // A code outside the table is unknown, not a crash.
        #expect(GRPCProtocol().error(from: Self.response(trailers: [.grpcStatus: "99"]))?.code == .unknown)
    }

    @Test("malformed answers are internal errors naming what is wrong; nothing is decoded from them")
    func malformed() {
        let cases: [(TransportResponse, String)] = [
            (Self.response(body: GRPCFrame(payload: [1]).bytes), "no grpc-status"),
            (Self.response(trailers: [.grpcStatus: "zero"]), "is not a number"),
            (Self.response(body: Array(GRPCFrame(payload: [1, 2, 3]).bytes.dropLast()), trailers: [.grpcStatus: "0"]), "only 2 follow"),
            (Self.response(body: [0, 0], trailers: [.grpcStatus: "0"]), "5-byte message prefix"),
            (Self.response(body: GRPCFrame(flags: GRPCFrame.trailersFlag, payload: Array("grpc-status: 0".utf8)).bytes, trailers: [.grpcStatus: "0"]),
             "trailer frame"),
        ]
        for (response, words) in cases {
            let error = GRPCProtocol().error(from: response)
            #expect(error?.code == .internal && error?.message.contains(words) == true, "\(words): \(String(describing: error))")
        }
        // No message, two messages, or a compressed one without gzip: the status was OK, the body is not one message.
        let empty = Self.response(trailers: [.grpcStatus: "0"])
        #expect(GRPCProtocol().message(of: empty).error?.message.contains("carries 0 messages") == true)
        let two = Self.response(body: GRPCFrame(payload: [1]).bytes + GRPCFrame(payload: [2]).bytes, trailers: [.grpcStatus: "0"])
        #expect(GRPCProtocol().message(of: two).error?.message.contains("carries 2 messages") == true)
        let squeezed = Self.response(headers: [.contentType: "application/grpc", .grpcEncoding: "br"],
                                     body: GRPCFrame(flags: GRPCFrame.compressedFlag, payload: [1]).bytes, trailers: [.grpcStatus: "0"])
        #expect(GRPCProtocol().message(of: squeezed).error?.message.contains("\"br\"") == true)
        let badGzip = Self.response(headers: [.contentType: "application/grpc", .grpcEncoding: "gzip"],
                                    body: GRPCFrame(flags: GRPCFrame.compressedFlag, payload: [1, 2, 3]).bytes, trailers: [.grpcStatus: "0"])
        #expect(GRPCProtocol().message(of: badGzip).error?.message.contains("not valid gzip") == true)
    }

    @Test("gRPC-Web: the trailer frame ends the body, in binary or base64 text; bad text or trailer lines are refused")
    func web() throws {
        let trailer = GRPCFrame(flags: GRPCFrame.trailersFlag, payload: Array("grpc-status: 0\r\n".utf8)).bytes
        let body = GRPCFrame(payload: [7]).bytes + trailer
        let binary = Self.response(headers: [.contentType: MediaType.grpcWebProto], body: body)
        #expect(GRPCWebProtocol().error(from: binary) == nil)
        #expect(try GRPCWebProtocol().message(of: binary).get().body == [7])
        let text = Self.response(headers: [.contentType: MediaType.grpcWebText], body: Array(GRPCBinaryHeader.encode(body).utf8))
        #expect(GRPCWebProtocol().error(from: text) == nil)
        #expect(try GRPCWebProtocol().message(of: text).get().body == [7])
        let notBase64 = Self.response(headers: [.contentType: MediaType.grpcWebText], body: Array("%%%".utf8))
        #expect(GRPCWebProtocol().error(from: notBase64)?.message.contains("not base64") == true)
        let badLine = Self.response(headers: [.contentType: MediaType.grpcWebProto],
                                    body: GRPCFrame(flags: GRPCFrame.trailersFlag, payload: Array("no colon here\r\n".utf8)).bytes)
        #expect(GRPCWebProtocol().error(from: badLine)?.message.contains("not header lines") == true)
    }
}

extension Result {
    fileprivate var error: Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }
}
