// BinaryDecodeFuzzer.swift: libFuzzer target: binary decoding of the conformance test messages, and the round trip of what decodes.
import FuzzSchema
import FuzzSupport
import ProtoWire

/// Every input is decoded as `TestAllTypesProto3` and as `TestAllTypesProto2` (with its
/// extensions). Decoding may fail, but only by throwing; a message that decodes must
/// re-encode to its announced size and decode again to the same message. And merging holds:
/// the input twice decodes; the input then its re-encoding decodes like the re-encoding twice
/// (after either, the decoder holds the same message, so the second copy merges the same way;
/// the input twice may differ, as a oneof switched in between replaces rather than merges).
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
        _ = try M(serializedBytes: Array(input) + Array(input), options: options)
        let thenEncoded = try M(serializedBytes: Array(input) + encoded, options: options)
        let encodedTwice = try M(serializedBytes: encoded + encoded, options: options)
        fuzzCheck(sameContent(thenEncoded, encodedTwice),
                  "binary \(M.protoMessageName): the input then its re-encoding decodes unlike the re-encoding twice")
    } catch {
        fuzzFail("binary \(M.protoMessageName): decodes once but not followed by itself or its re-encoding: \(error)")
    }
}
