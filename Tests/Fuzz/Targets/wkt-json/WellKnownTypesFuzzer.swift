// WellKnownTypesFuzzer.swift: libFuzzer target: the well-known types' JSON forms (Any, Struct/Value, Timestamp, Duration, FieldMask, wrappers).
import FuzzSchema
import FuzzSupport
import ProtoWire

/// What an `Any` may hold besides the well-known types (always known).
private let registry = TypeRegistry([ProtobufTestMessages_Proto3_TestAllTypesProto3.self])

/// The first byte picks the type, the rest is its JSON. For Timestamp, Duration and FieldMask
/// the rest is also tried as the inside of a JSON string, so the fuzzer works on the string
/// grammars themselves. What reads must write JSON that reads back to it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 0 else { return 0 }
    let rest = UnsafeRawBufferPointer(start: data + 1, count: size - 1)
    switch data[0] % 12 {
    case 0: roundTrip(Google_Protobuf_Any.self, rest)
    case 1: roundTrip(Google_Protobuf_Struct.self, rest)
    case 2: roundTrip(Google_Protobuf_Value.self, rest)
    case 3: roundTrip(Google_Protobuf_ListValue.self, rest)
    case 4: roundTrip(Google_Protobuf_Timestamp.self, rest, quoted: true)
    case 5: roundTrip(Google_Protobuf_Duration.self, rest, quoted: true)
    case 6: roundTrip(Google_Protobuf_FieldMask.self, rest, quoted: true)
    case 7: roundTrip(Google_Protobuf_Int64Value.self, rest)
    case 8: roundTrip(Google_Protobuf_DoubleValue.self, rest)
    case 9: roundTrip(Google_Protobuf_BytesValue.self, rest)
    case 10: roundTrip(Google_Protobuf_FloatValue.self, rest)
    default: roundTrip(Google_Protobuf_Empty.self, rest)
    }
    return 0
}

private func roundTrip<M: ProtoMessage>(_: M.Type, _ json: UnsafeRawBufferPointer, quoted: Bool = false) {
    decodeAndCheck(M.self, Array(json))
    if quoted {
        decodeAndCheck(M.self, [UInt8(ascii: "\"")] + Array(json) + [UInt8(ascii: "\"")])
    }
}

private func decodeAndCheck<M: ProtoMessage>(_: M.Type, _ json: [UInt8]) {
    let options = JSONDecodingOptions(typeRegistry: registry)
    let message: M
    do {
        message = try M(jsonUTF8Bytes: json, options: options)
    } catch {
        fuzzCheck(!error.message.isEmpty, "a \(error.code) error without a message")
        return
    }
    checkJSONRoundTrip(message, decoding: options, encoding: JSONEncodingOptions(typeRegistry: registry), "JSON \(M.protoMessageName)")
}
