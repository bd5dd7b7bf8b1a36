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
/// protobuf_test_messages.proto3.TestAllTypesProto3   binary in, binary out
/// protobuf_test_messages.proto2.TestAllTypesProto2   binary in, binary out, with its extensions
/// anything else                                      runtime_error
/// ```
///
/// JSON, JSPB and text-format payloads or outputs get `skipped` until ProtoWire has JSON.
/// A payload that does not decode gets `parse_error` with the decoder's message.
enum Testee {
    static let failureSetType = "conformance.FailureSet"

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
        let payload: Data
        switch request.payload {
        case .protobufPayload(let bytes)?:
            payload = bytes
        case .jsonPayload?:
            return .skipped("JSON input is not supported yet")
        case .jspbPayload?:
            return .skipped("JSPB input is not supported")
        case .textPayload?:
            return .skipped("text-format input is not supported")
        case nil:
            return .runtimeError("the request has no payload")
        }
        switch request.requestedOutputFormat {
        case .protobuf:
            break
        case .json:
            return .skipped("JSON output is not supported yet")
        case .jspb:
            return .skipped("JSPB output is not supported")
        case .textFormat:
            return .skipped("text-format output is not supported")
        default:
            return .runtimeError("unspecified or unknown requested_output_format \(request.requestedOutputFormat.rawValue)")
        }
        switch request.messageType {
        case ProtobufTestMessages_Proto3_TestAllTypesProto3.protoMessageName:
            return roundTrip(ProtobufTestMessages_Proto3_TestAllTypesProto3.self, payload, extensions: ExtensionRegistry())
        case ProtobufTestMessages_Proto2_TestAllTypesProto2.protoMessageName:
            return roundTrip(ProtobufTestMessages_Proto2_TestAllTypesProto2.self, payload,
                             extensions: ProtobufTestMessages_Proto2_TestMessagesProto2_Extensions)
        default:
            return .runtimeError("message type '\(request.messageType)' is not served by this testee")
        }
    }

    private static func roundTrip<M: ProtoMessage>(_: M.Type, _ payload: Data, extensions: ExtensionRegistry) -> Conformance_ConformanceResponse.OneOf_Result {
        do {
            let message = try M(serializedBytes: payload, extensions: extensions)
            return .protobufPayload(Data(message.serializedBytes()))
        } catch {
            return .parseError("\(error)")
        }
    }
}
