// BinaryDecodeFuzzer.swift: libFuzzer target: binary decoding of the conformance test messages, and the round trip of what decodes.
import FuzzSchema
import FuzzSupport
import ProtoWire

/// Every input is decoded as `TestAllTypesProto3` and as `TestAllTypesProto2` (with its
/// extensions). Decoding may fail, but only by throwing; a message that decodes must
/// re-encode to its announced size and decode again to the same message. And merging holds:
/// the input twice decodes, to what its re-encoding twice decodes to (concatenation is merge).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = UnsafeRawBufferPointer(start: data, count: size)
    roundTrip(ProtobufTestMessages_Proto3_TestAllTypesProto3.self, input, extensions: ExtensionRegistry())
    roundTrip(ProtobufTestMessages_Proto2_TestAllTypesProto2.self, input, extensions: ProtobufTestMessages_Proto2_TestMessagesProto2_Extensions)
    return 0
}

private func roundTrip<M: ProtoMessage>(_: M.Type, _ input: UnsafeRawBufferPointer, extensions: ExtensionRegistry) {
    var message = M()
    do {
        try message.merge(buffer: input, options: DecodingOptions(extensions: extensions))
    } catch {
        fuzzCheck(!error.message.isEmpty, "a \(error.code) error without a message")
        return
    }
    checkBinaryRoundTrip(message, extensions: extensions, "binary \(M.protoMessageName)")
    let options = DecodingOptions(extensions: extensions)
    let encoded = message.serializedBytes()
    do {
        let twice = try M(serializedBytes: Array(input) + Array(input), options: options)
        let encodedTwice = try M(serializedBytes: encoded + encoded, options: options)
        fuzzCheck(sameContent(twice, encodedTwice), "binary \(M.protoMessageName): the input twice and its re-encoding twice decode differently")
    } catch {
        fuzzFail("binary \(M.protoMessageName): decodes once but not twice in a row: \(error)")
    }
}
