// Testee.swift: answers one ConformanceRequest: parse the payload, re-encode it, or say why not.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ProtoWire

/// The conformance testee's logic, free of I/O: one request in, one response out.
///
/// ```
/// request.message_type                               served as
/// conformance.FailureSet                             an empty FailureSet (no known failures)
/// protobuf_test_messages.proto3.TestAllTypesProto3   binary or JSON in, binary or JSON out
/// protobuf_test_messages.proto2.TestAllTypesProto2   the same, with its extensions
/// protobuf_test_messages.editions.…                  the same: TestAllTypesEdition2023 and the
///                                                    editions versions of the two above
/// anything else                                      runtime_error
/// ```
///
/// JSON follows the proto3 JSON mapping; the `JSON_IGNORE_UNKNOWN_PARSING_TEST` category
/// parses with `ignoreUnknownFields`. The text format is read and written through the
/// messages' schemas, `print_unknown_fields` honoured. `Any` payloads may hold either test
/// message or any well-known type. JSPB payloads or outputs get `skipped`. A payload that
/// does not decode gets `parse_error` with the decoder's message; a message that cannot be
/// written as JSON gets `serialize_error`.
enum Testee {
    static let failureSetType = "conformance.FailureSet"

    /// The message types `Any` fields of the test messages may hold in JSON.
    static let typeRegistry = TypeRegistry([
        ProtobufTestMessages_Proto3_TestAllTypesProto3.self,
        ProtobufTestMessages_Proto2_TestAllTypesProto2.self,
        ProtobufTestMessages_Editions_TestAllTypesEdition2023.self,
        ProtobufTestMessages_Editions_Proto2_TestAllTypesProto2.self,
        ProtobufTestMessages_Editions_Proto3_TestAllTypesProto3.self,
    ])

    /// The same types as schemas, for `Any` in the text format.
    static let schemaRegistry = SchemaRegistry(typeRegistry)

    /// The input forms the testee reads.
    enum Payload {
        case protobuf(Data)
        case json(String)
        case text(String)
    }

    /// Answers `request`.
    static func respond(to request: Conformance_ConformanceRequest) -> Conformance_ConformanceResponse {
        var response = Conformance_ConformanceResponse()
        response.result = result(for: request)
        return response
    }

    private static func result(for request: Conformance_ConformanceRequest) -> Conformance_ConformanceResponse.OneOf_Result {
        if request.messageType == failureSetType {
            // The runner's first request: the tests we expect to fail. None are listed.
            return .protobufPayload(Data(Conformance_FailureSet().serializedBytes()))
        }
        let payload: Payload
        switch request.payload {
        case .protobufPayload(let bytes)?:
            payload = .protobuf(bytes)
        case .jsonPayload(let text)?:
            payload = .json(text)
        case .jspbPayload?:
            return .skipped("JSPB input is not supported")
        case .textPayload(let text)?:
            payload = .text(text)
        case nil:
            return .runtimeError("the request has no payload")
        }
        switch request.requestedOutputFormat {
        case .protobuf, .json, .textFormat:
            break
        case .jspb:
            return .skipped("JSPB output is not supported")
        default:
            return .runtimeError("unspecified or unknown requested_output_format \(request.requestedOutputFormat.rawValue)")
        }
        let ignoreUnknown = request.testCategory == .jsonIgnoreUnknownParsingTest
        switch request.messageType {
        case ProtobufTestMessages_Proto3_TestAllTypesProto3.protoMessageName:
            return roundTrip(ProtobufTestMessages_Proto3_TestAllTypesProto3.self, payload, request.requestedOutputFormat,
                             extensions: ExtensionRegistry(), ignoreUnknown: ignoreUnknown,
                             printUnknown: request.printUnknownFields)
        case ProtobufTestMessages_Proto2_TestAllTypesProto2.protoMessageName:
            return roundTrip(ProtobufTestMessages_Proto2_TestAllTypesProto2.self, payload, request.requestedOutputFormat,
                             extensions: ProtobufTestMessages_Proto2_TestMessagesProto2_Extensions, ignoreUnknown: ignoreUnknown,
                             printUnknown: request.printUnknownFields)
        case ProtobufTestMessages_Editions_TestAllTypesEdition2023.protoMessageName:
            return roundTrip(ProtobufTestMessages_Editions_TestAllTypesEdition2023.self, payload, request.requestedOutputFormat,
                             extensions: ProtobufTestMessages_Editions_TestMessagesEdition2023_Extensions, ignoreUnknown: ignoreUnknown,
                             printUnknown: request.printUnknownFields)
        case ProtobufTestMessages_Editions_Proto2_TestAllTypesProto2.protoMessageName:
            return roundTrip(ProtobufTestMessages_Editions_Proto2_TestAllTypesProto2.self, payload, request.requestedOutputFormat,
                             extensions: ProtobufTestMessages_Editions_Proto2_TestMessagesProto2Editions_Extensions,
                             ignoreUnknown: ignoreUnknown, printUnknown: request.printUnknownFields)
        case ProtobufTestMessages_Editions_Proto3_TestAllTypesProto3.protoMessageName:
            return roundTrip(ProtobufTestMessages_Editions_Proto3_TestAllTypesProto3.self, payload, request.requestedOutputFormat,
                             extensions: ExtensionRegistry(), ignoreUnknown: ignoreUnknown,
                             printUnknown: request.printUnknownFields)
        default:
            return .runtimeError("message type '\(request.messageType)' is not served by this testee")
        }
    }

    private static func roundTrip<M: ProtoMessage>(
        _: M.Type, _ payload: Payload, _ output: Conformance_WireFormat, extensions: ExtensionRegistry, ignoreUnknown: Bool,
        printUnknown: Bool
    ) -> Conformance_ConformanceResponse.OneOf_Result {
        let message: M
        do {
            switch payload {
            case .protobuf(let bytes):
                message = try M(serializedBytes: bytes, extensions: extensions)
            case .json(let text):
                message = try M(jsonString: text, options: JSONDecodingOptions(
                    ignoreUnknownFields: ignoreUnknown, typeRegistry: typeRegistry, extensions: extensions))
            case .text(let text):
                message = try M(textFormatString: text, options: TextFormatDecodingOptions(
                    registry: schemaRegistry, extensions: extensions))
            }
        } catch {
            return .parseError("\(error)")
        }
        if output == .textFormat {
            return .textPayload(message.textFormatString(options: TextFormatEncodingOptions(
                registry: schemaRegistry, extensions: extensions, printUnknownFields: printUnknown)))
        }
        if output == .json {
            do {
                return .jsonPayload(try message.jsonString(options: JSONEncodingOptions(typeRegistry: typeRegistry)))
            } catch {
                return .serializeError("\(error)")
            }
        }
        // Deterministic: map entries sorted by key, so answers can be compared byte for byte.
        return .protobufPayload(Data(message.serializedBytes(options: EncodingOptions(deterministic: true))))
    }
}
