// ConnectEndStream.swift: the Connect streaming protocol's last message: how the stream ended, and its trailers.
public import HTTPTypes
import ProtoWire

/// The end-of-stream message of a Connect stream response (connectrpc.com/docs/protocol,
/// "Streaming-Response"): an envelope flagged ``endStreamFlag`` whose payload is always JSON,
/// whatever the stream's codec:
///
/// ```json
/// {"error": {"code": "not_found", "message": "no note n404", "details": [...]}, "metadata": {"x-count": ["3"]}}
/// ```
///
/// A stream that ended well has no `error`; `metadata` carries the trailers, each name with its
/// list of values. Reading is as careful as ``ConnectErrorBody``'s: unknown members are skipped
/// and nothing in the input is trusted.
public struct ConnectEndStream: Sendable, Equatable {
    /// The envelope flag of the end-of-stream message (bit 1).
    public static let endStreamFlag: UInt8 = 0x02

    /// How the stream failed, or `nil` when it ended well.
    public var error: ProtoHTTPError?
    /// The stream's trailers.
    public var metadata: HTTPFields

    /// An end-of-stream message: `error` (or success when `nil`) and the trailers.
    public init(error: ProtoHTTPError? = nil, metadata: HTTPFields = [:]) {
        self.error = error
        self.metadata = metadata
    }

    /// The message's JSON payload.
    public func encode() -> [UInt8] {
        var w = JSONWriter()
        w.beginObject()
        if let error {
            w.key("error")
            w.appendRaw(ConnectErrorBody.encode(error))
        }
        if !metadata.isEmpty {
            w.key("metadata")
            w.beginObject()
            var seen = Set<HTTPField.Name>()
            for field in metadata where seen.insert(field.name).inserted {
                w.key(field.name.canonicalName)
                w.beginArray()
                for value in metadata[values: field.name] {
                    w.elementSeparator()
                    w.writeString(value)
                }
                w.endArray()
            }
            w.endObject()
        }
        w.endObject()
        return w.bytes
    }

    /// The whole envelope: the flag, the length and ``encode()``'s JSON.
    public var envelope: [UInt8] {
        GRPCFrame(flags: Self.endStreamFlag, payload: encode()).bytes
    }

    /// The message `payload` holds, or `nil` when it is not a JSON object, its `error` is not a
    /// Connect error, or its `metadata` is not an object of string arrays.
    public static func decode(_ payload: [UInt8]) -> ConnectEndStream? {
        var malformed = false
        let parsed = try? JSONReader.parse(payload) { (r: inout JSONReader) throws(WireError) -> ConnectEndStream in
            var result = ConnectEndStream()
            try r.readObject { (key, r) throws(WireError) in
                if key.equals("error") {
                    if try r.readNull() { return }  // null is no error
                    if let error = try ConnectErrorBody.readError(&r) { result.error = error } else { malformed = true }
                } else if key.equals("metadata") {
                    if try r.readNull() { return }
                    try r.readObject { (name, r) throws(WireError) in
                        let fieldName = HTTPField.Name(name.string)
                        try r.readArray { (r) throws(WireError) in
                            guard try r.nextValueIsString() else {
                                malformed = true
                                return try r.skipValue()
                            }
                            let value = try r.readString()
                            if let fieldName { result.metadata.append(HTTPField(name: fieldName, value: value)) } else { malformed = true }
                        }
                    }
                } else {
                    try r.skipValue()
                }
            }
            return result
        }
        return malformed ? nil : parsed
    }
}
