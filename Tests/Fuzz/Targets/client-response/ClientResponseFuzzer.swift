// ClientResponseFuzzer.swift: libFuzzer target: the client's reading of responses: Connect and Twirp error bodies, Content-Type negotiation, error details.
import FuzzSchema
import FuzzSupport
import HTTPTypes
import ProtoHTTP
import ProtoHTTPCore
import ProtoWire

/// Status codes the first byte picks from: success, every status Connect's table names, and odd ones.
private let statuses = [200, 204, 400, 401, 403, 404, 408, 409, 412, 413, 415, 429, 499, 500, 501, 502, 503, 504, 0, 100, 302, 599, 999, -1]

private typealias Reply = ProtobufTestMessages_Proto3_TestAllTypesProto3

/// The input is a response: the first byte picks the status, the bytes up to the first newline
/// are the `Content-Type` (none when empty), the rest is the body. It goes through what the
/// client does with a response, all public API: each protocol's error reading, the default
/// response serializer's negotiation, the content-type validator and the error details.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 0 else { return 0 }
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    let status = statuses[Int(input[0]) % statuses.count]
    let rest = input.dropFirst()
    let newline = rest.firstIndex(of: UInt8(ascii: "\n")) ?? rest.startIndex
    let contentType = String(decoding: rest[rest.startIndex..<newline], as: UTF8.self)
    let body = Array(rest[newline...].dropFirst(newline < rest.endIndex ? 1 : 0))
    let headers: HTTPFields = contentType.isEmpty ? [:] : [.contentType: contentType]
    let response = TransportResponse(status: status, headers: headers, body: body)

    checkConnect(response)
    checkTwirp(response)
    checkPlain(response)
    checkNegotiation(response)
    return 0
}

private func checkConnect(_ response: TransportResponse) {
    let error = ConnectProtocol().error(from: response)
    fuzzCheck((error == nil) == (response.status == 200), "Connect: HTTP \(response.status) read as \(error.map { "\($0)" } ?? "no error")")
    guard let error else { return }
    checkCommon(error, response)
    if let structured = ConnectErrorBody.decode(response.body, httpStatus: response.status),
       response.headers[values: .contentType].first.map({ MediaType($0).kind == .json }) == true {
        fuzzCheck(error.code == structured.code && error.message == structured.message && error.details == structured.details,
                  "Connect: the error of a JSON error body is not the body's")
    }
    // What the client read, written as a Connect body, reads back the same.
    let again = ConnectErrorBody.decode(ConnectErrorBody.encode(error), httpStatus: response.status)
    fuzzCheck(again?.code == error.code && again?.message == error.message && again?.details == error.details,
              "Connect: the error body written for \(error) does not read back the same")
    for detail in error.details { checkDetail(detail) }
}

private func checkTwirp(_ response: TransportResponse) {
    let error = TwirpProtocol().error(from: response)
    fuzzCheck((error == nil) == (response.status == 200), "Twirp: HTTP \(response.status) read as \(error.map { "\($0)" } ?? "no error")")
    guard let error else { return }
    checkCommon(error, response)
    let again = TwirpErrorBody.decode(TwirpErrorBody.encode(error), httpStatus: response.status)
    fuzzCheck(again?.code == error.code && again?.message == error.message && again?.meta == error.meta,
              "Twirp: the error body written for \(error) does not read back the same")
}

private func checkPlain(_ response: TransportResponse) {
    let error = PlainProtocol().error(from: response)
    if (200..<300).contains(response.status) {
        fuzzCheck(error == nil, "plain: a \(response.status) response read as an error")
    }
    if let error { checkCommon(error, response) }
}

/// What every error read from a response carries: its status and body, and a description.
private func checkCommon(_ error: ProtoHTTPError, _ response: TransportResponse) {
    fuzzCheck(error.httpStatus == response.status, "the error of HTTP \(response.status) says HTTP \(error.httpStatus.map(String.init) ?? "nil")")
    fuzzCheck(error.responseBody == response.body, "the error of HTTP \(response.status) lost the response body")
    fuzzCheck(ProtoHTTPError.Code(name: error.code.name) == error.code, "code \(error.code) does not read back from its name")
    fuzzCheck(!error.description.isEmpty, "an error without a description")
}

/// A detail decodes as the message its type names, or fails by returning nil; one that decodes
/// keeps the binary round trip. The bytes are also tried as an `Any` and as a test message.
private func checkDetail(_ detail: ErrorDetail) {
    var asReply = detail
    asReply.type = Reply.protoMessageName
    if let message = asReply.unpack(Reply.self) {
        checkBinaryRoundTrip(message, extensions: ExtensionRegistry(), "error detail as \(Reply.protoMessageName)")
    }
    var asAny = detail
    asAny.type = Google_Protobuf_Any.protoMessageName
    if let message = asAny.unpack(Google_Protobuf_Any.self) {
        checkBinaryRoundTrip(message, extensions: ExtensionRegistry(), "error detail as Any")
    }
    _ = detail.unpack(Reply.self)
    _ = detail.description
}

/// The default response serializer picks binary or JSON by `Content-Type`, exactly as
/// `MediaType` classifies it; any other type (or none) is read as JSON under the plain protocol
/// and refused under Connect and Twirp; the validator agrees with `MediaType.matches`.
private func checkNegotiation(_ response: TransportResponse) {
    let metadata = ResponseMetadata(status: response.status, headers: response.headers)
    func negotiate(_ metadata: ResponseMetadata) -> Result<Reply, ProtoHTTPError> {
        do {
            return .success(try MessageResponseSerializer<Reply>().serialize(response.body, metadata: metadata))
        } catch {
            return .failure(error)
        }
    }
    let result = negotiate(metadata)
    let asJSON = try? Reply(jsonUTF8Bytes: response.body, options: ProtoJSONResponseSerializer<Reply>.lenientOptions)
    let kind = metadata.contentType.map { MediaType($0).kind } ?? .other
    if kind == .other {
        var connect = metadata
        connect.rpcProtocol = .connect
        if case .success = negotiate(connect) { fuzzFail("Connect decoded a body of Content-Type \(metadata.contentType ?? "none")") }
    }
    guard let contentType = metadata.contentType else {
        fuzzCheck(((try? result.get()) != nil) == (asJSON != nil), "a body without Content-Type and a direct JSON decode disagree")
        return
    }
    switch (kind, result) {
    case (.other, .success):
        fuzzCheck(asJSON != nil, "Content-Type \"\(contentType)\" is neither binary nor JSON, and the body is no JSON, yet it was decoded")
    case (.other, .failure(let error)):
        fuzzCheck(error.code == .internal, "an unknown Content-Type failed with \(error.code), not internal")
        fuzzCheck(asJSON == nil, "a JSON body of Content-Type \"\(contentType)\" was refused under the plain protocol")
    case (.protobuf, let result):
        let direct = try? Reply(serializedBytes: response.body)
        switch (try? result.get(), direct) {
        case (nil, nil): break
        case (let negotiated?, let direct?): fuzzCheck(sameContent(negotiated, direct), "binary negotiation and a direct binary decode disagree")
        default: fuzzFail("binary negotiation and a direct binary decode disagree on whether the body decodes")
        }
        if let message = direct { checkBinaryRoundTrip(message, extensions: ExtensionRegistry(), "binary response") }
    case (.json, let result):
        let direct = try? Reply(jsonUTF8Bytes: response.body, options: ProtoJSONResponseSerializer<Reply>.lenientOptions)
        fuzzCheck(((try? result.get()) != nil) == (direct != nil), "JSON negotiation and a direct JSON decode disagree")
        if case .failure(let error) = result { fuzzCheck(error.code == .dataLoss, "a JSON body that does not decode failed with \(error.code)") }
    }
    let patterns = ["application/proto", "application/*", "*/*", "text/plain"]
    for pattern in patterns {
        let accepted = (try? ContentTypeValidator([pattern]).validate(metadata, body: response.body)) != nil
        fuzzCheck(accepted == MediaType(contentType).matches(pattern), "the validator and MediaType.matches disagree on \(pattern)")
    }
}
