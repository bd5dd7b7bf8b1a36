// ConnectGetQueryFuzzer.swift: libFuzzer target: the Connect GET query parser, on arbitrary request targets and arbitrary message bytes.
import Foundation
import FuzzSupport
@testable import ProtoHTTPServer

/// Two readings of every input. As a request target (`/notes.Notes/GetNote?…`): parsing never
/// traps; it succeeds or fails with a Connect error that has a message. As message bytes:
/// written into `message=` with every byte percent-encoded, the parser hands back exactly those
/// bytes (no text decoding on the way), with and without `base64=1`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = Array(UnsafeRawBufferPointer(start: data, count: size))
    let target = String(decoding: input, as: UTF8.self)
    switch ConnectGetRequest.parse(target) {
    case .success(let request):
        fuzzCheck(request.encoding == .binary || request.encoding == .json, "a parsed GET has an encoding")
    case .failure(let error):
        fuzzCheck(!error.error.message.isEmpty, "a refused GET says why: \(target)")
    }
    _ = QueryString.parameters(of: target)

    let escaped = input.map { byte -> String in
        let digits = Array("0123456789ABCDEF".utf8)
        return String(decoding: [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 15)]], as: UTF8.self)
    }.joined()
    guard case .success(let plain) = ConnectGetRequest.parse("/p?encoding=proto&message=\(escaped)") else {
        fuzzFail("a percent-encoded message was refused")
    }
    fuzzCheck(plain.message == input, "the message bytes changed on the way: \(input) became \(plain.message)")
    let base64 = Data(input).base64EncodedString()
        .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    guard case .success(let decoded) = ConnectGetRequest.parse("/p?encoding=json&base64=1&message=\(base64)") else {
        fuzzFail("a base64 message was refused: \(base64)")
    }
    fuzzCheck(decoded.message == input, "the base64 message bytes changed on the way")
    return 0
}
