// GRPCStatusDetails.swift: grpc-status-details-bin: a google.rpc.Status with code, message and details, base64 in a header.
#if canImport(FoundationEssentials)
internal import FoundationEssentials
#else
internal import Foundation
#endif
internal import ProtoWire

/// The `grpc-status-details-bin` trailer: a binary `google.rpc.Status` (code, message and the
/// error's details as `google.protobuf.Any`s), base64-encoded as every `-bin` header is.
public enum GRPCStatusDetails {
    /// The header value for `error`: its code, message and details, in standard base64.
    public static func encode(_ error: ProtoHTTPError) -> String {
        var status = Google_Rpc_Status()
        status.code = Int32(error.code.rawValue)
        status.message = error.message
        status.details = error.details.map { detail in
            var any = Google_Protobuf_Any()
            any.typeURL = "\(Google_Protobuf_Any.defaultTypePrefix)/\(detail.type)"
            any.value = Data(detail.value)
            return any
        }
        return GRPCBinaryHeader.encode(status.serializedBytes())
    }

    /// What a `grpc-status-details-bin` value carries: the numeric code, the message and the
    /// details (each Any's type name after its last `/`), or `nil` when the value is not base64
    /// of a `google.rpc.Status`.
    public static func decode(_ value: String) -> (code: Int, message: String, details: [ErrorDetail])? {
        guard let bytes = GRPCBinaryHeader.decode(value), let status = try? Google_Rpc_Status(serializedBytes: bytes) else { return nil }
        let details = status.details.map { any in
            let type = any.typeURL.split(separator: "/").last.map(String.init) ?? any.typeURL
            return ErrorDetail(type: type, value: [UInt8](any.value))
        }
        return (Int(status.code), status.message, details)
    }
}

/// The value encoding of gRPC's binary metadata (header names ending in `-bin`): standard
/// base64, padded or not. The spec asks receivers to take both; some do not (sonora's server
/// refuses unpadded values), so this side writes the padding, which every receiver reads.
public enum GRPCBinaryHeader {
    /// `bytes` as standard, padded base64.
    public static func encode(_ bytes: [UInt8]) -> String {
        Base64.standardString(bytes)
    }

    /// The bytes of a `-bin` header value (padded or not; several values joined by commas are
    /// decoded each and concatenated, as a proxy may have joined repeated fields), or `nil`
    /// when it is not base64.
    public static func decode(_ value: String) -> [UInt8]? {
        var out: [UInt8] = []
        for part in value.split(separator: ",", omittingEmptySubsequences: false) {
            let trimmed = Array(HTTPText.trimmed(part).utf8)
            guard let bytes = trimmed.withUnsafeBytes({ Base64.decode($0) }) else { return nil }
            out += bytes
        }
        return out
    }
}
