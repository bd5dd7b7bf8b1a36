// TextDecodeFuzzer.swift: libFuzzer target: the text format parser and printer on the conformance test messages.
import FuzzSchema
import FuzzSupport
import ProtoWire

/// The schemas `Any` fields may be expanded with, as the conformance testee registers them.
private let registry = SchemaRegistry(types: [
    ProtobufTestMessages_Proto3_TestAllTypesProto3.self,
    ProtobufTestMessages_Proto2_TestAllTypesProto2.self,
])

/// Every input is read two ways, for `TestAllTypesProto3` and `TestAllTypesProto2` (with its
/// extensions). As text: parsing may fail, but only by throwing an error with a line and
/// column; a message that parses survives the binary round trip, and its text (multi-line
/// and single-line) parses back to it. As binary: when the generated decoder and the schema
/// printer both accept it, the printer's text (unknown fields included) equals the decoded
/// message's text.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = UnsafeRawBufferPointer(start: data, count: size)
    check(ProtobufTestMessages_Proto3_TestAllTypesProto3.self, input, extensions: ExtensionRegistry())
    check(ProtobufTestMessages_Proto2_TestAllTypesProto2.self, input, extensions: ProtobufTestMessages_Proto2_TestMessagesProto2_Extensions)
    return 0
}

private func check<M: ProtoMessage>(_: M.Type, _ input: UnsafeRawBufferPointer, extensions: ExtensionRegistry) {
    let what = "text \(M.protoMessageName)"
    let text = String(decoding: input, as: UTF8.self)
    do {
        let message = try M(textFormatString: text, options: TextFormatDecodingOptions(registry: registry, extensions: extensions, allowPartial: true))
        checkBinaryRoundTrip(message, extensions: extensions, what)
        for singleLine in [false, true] {
            let printed = message.textFormatString(options: TextFormatEncodingOptions(registry: registry, extensions: extensions, singleLine: singleLine))
            do {
                let back = try M(textFormatString: printed, options: TextFormatDecodingOptions(registry: registry, extensions: extensions, allowPartial: true))
                fuzzCheck(sameContent(message, back), "\(what): the printed text reads back to a different message:\n\(printed)")
            } catch {
                fuzzFail("\(what): the printed text does not parse: \(error)\n\(printed)")
            }
        }
    } catch {
        fuzzCheck(error.line != nil && error.column != nil, "\(what): a \(error.code) error without line and column: \(error)")
    }
    let options = TextFormatEncodingOptions(registry: registry, extensions: extensions, printUnknownFields: true)
    guard let decoded = try? M(serializedBytes: input, options: DecodingOptions(allowPartial: true, extensions: extensions)),
          let printed = try? TextFormat.print(buffer: input, schema: M._protoSchema, options: options) else { return }
    fuzzCheck(printed == decoded.textFormatString(options: options),
              "binary \(M.protoMessageName): the schema printer and decode-then-print disagree")
}
