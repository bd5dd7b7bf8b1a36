// ErrorBody.swift: error JSON bodies: Connect's {code, message, details} and Twirp's {code, msg, meta}.
import ProtoHTTP
import ProtoWire

/// Writes the protocols' error JSON with ProtoWire's JSON writer (escaping, base64).
enum ErrorBody {
    /// `{"code":"not_found","message":"…","details":[{"type":"…","value":"<base64>"}]}`;
    /// empty message and details are left out, as the specification allows.
    static func connect(_ error: ProtoHTTPError) -> [UInt8] {
        var w = JSONWriter()
        w.beginObject()
        w.key("code")
        w.writeString(error.code.name)
        if !error.message.isEmpty {
            w.key("message")
            w.writeString(error.message)
        }
        if !error.details.isEmpty {
            w.key("details")
            w.beginArray()
            for detail in error.details {
                w.elementSeparator()
                w.beginObject()
                w.key("type")
                w.writeString(detail.type)
                w.key("value")
                detail.value.withUnsafeBytes { w.writeBase64($0) }
                w.endObject()
            }
            w.endArray()
        }
        w.endObject()
        return w.bytes
    }

    /// `{"code":"not_found","msg":"…","meta":{"k":"v"}}` (meta keys sorted).
    static func twirp(_ error: ProtoHTTPError, twirpCode: String? = nil) -> [UInt8] {
        var w = JSONWriter()
        w.beginObject()
        w.key("code")
        w.writeString(twirpCode ?? error.code.twirpName)
        w.key("msg")
        w.writeString(error.message)
        if !error.meta.isEmpty {
            w.key("meta")
            w.beginObject()
            for (key, value) in error.meta.sorted(by: { $0.key < $1.key }) {
                w.key(key)
                w.writeString(value)
            }
            w.endObject()
        }
        w.endObject()
        return w.bytes
    }
}
