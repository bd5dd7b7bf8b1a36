// JSONDecodeFuzzer.swift: libFuzzer target: proto3 JSON decoding of the conformance test messages, and the round trips of what decodes.
import FuzzSchema
import FuzzSupport
import ProtoWire

/// The message types `Any` fields may hold, as the conformance testee registers them.
private let registry = TypeRegistry([
    ProtobufTestMessages_Proto3_TestAllTypesProto3.self,
    ProtobufTestMessages_Proto2_TestAllTypesProto2.self,
])

/// Every input is read as JSON for `TestAllTypesProto3` and `TestAllTypesProto2` (with its
/// extensions), strictly and then ignoring unknown fields. Reading may fail, but only by
/// throwing; a message that reads must write JSON that reads back to it, and survive the
/// binary round trip. The input's length picks the writer's options (proto field names,
/// fields without presence, enums as numbers), so every combination is read back too.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = UnsafeRawBufferPointer(start: data, count: size)
    roundTrip(ProtobufTestMessages_Proto3_TestAllTypesProto3.self, input, extensions: ExtensionRegistry())
    roundTrip(ProtobufTestMessages_Proto2_TestAllTypesProto2.self, input, extensions: ProtobufTestMessages_Proto2_TestMessagesProto2_Extensions)
    return 0
}

private func roundTrip<M: ProtoMessage>(_: M.Type, _ input: UnsafeRawBufferPointer, extensions: ExtensionRegistry) {
    for ignoreUnknown in [false, true] {
        let options = JSONDecodingOptions(ignoreUnknownFields: ignoreUnknown, typeRegistry: registry, extensions: extensions)
        var message = M()
        do {
            try message.merge(jsonBuffer: input, options: options)
        } catch {
            fuzzCheck(!error.message.isEmpty, "a \(error.code) error without a message")
            continue
        }
        let bits = input.count
        let encoding = JSONEncodingOptions(preserveProtoFieldNames: bits & 1 != 0, alwaysPrintFieldsWithoutPresence: bits & 2 != 0,
                                           alwaysPrintEnumsAsInts: bits & 4 != 0, typeRegistry: registry)
        checkJSONRoundTrip(message, decoding: options, encoding: encoding,
                           "JSON \(M.protoMessageName)\(ignoreUnknown ? " (unknown fields ignored)" : "")")
        return
    }
}
