// ConnectErrorBody.swift: Connect's error JSON {code, message, details}, written and read.
import ProtoWire

/// The JSON body of a Connect error response (connectrpc.com/docs/protocol, "Error end-stream"):
///
/// ```json
/// {"code": "not_found", "message": "no note n404", "details": [{"type": "notes.GetNoteRequest", "value": "CgRuNDA0"}]}
/// ```
///
/// Writing leaves out an empty message and empty details, as the specification allows; detail
/// values are standard base64. Reading accepts either base64 alphabet, padded or not, skips
/// members it does not know (such as a detail's `debug`), and never trusts the input: it is
/// ProtoWire's bounded JSON reader underneath.
public enum ConnectErrorBody {
    /// The body for `error`: its code's Connect name, message and details.
    public static func encode(_ error: ProtoHTTPError) -> [UInt8] {
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

    /// The error `body` describes, with `httpStatus` and the raw body attached, or `nil` when
    /// the body is not a Connect error: not a single JSON object, no string `code`, a code name
    /// Connect does not define, or `details` that is not an array. A `message` that is not a
    /// string is ignored; details without a string `type` or with a `value` that is not base64
    /// are dropped; the rest of the error stands.
    public static func decode(_ body: [UInt8], httpStatus: Int? = nil) -> ProtoHTTPError? {
        guard let fields = try? JSONReader.parse(body, { (r: inout JSONReader) throws(WireError) in try read(&r) }) else { return nil }
        return error(fields, httpStatus: httpStatus, responseBody: body)
    }

    /// The error a JSON object at the reader's position describes (the value is consumed), or
    /// `nil` when it is not a Connect error; for readers of bodies that embed one (``ConnectEndStream``).
    static func readError(_ r: inout JSONReader) throws(WireError) -> ProtoHTTPError? {
        error(try read(&r), httpStatus: nil, responseBody: nil)
    }

    private static func error(_ fields: (code: String?, message: String?, details: [ErrorDetail]), httpStatus: Int?, responseBody: [UInt8]?) -> ProtoHTTPError? {
        guard let name = fields.code, let code = ProtoHTTPError.Code(name: name) else { return nil }
        return ProtoHTTPError(code: code, message: fields.message ?? "", httpStatus: httpStatus, details: fields.details, responseBody: responseBody)
    }

    private static func read(_ r: inout JSONReader) throws(WireError) -> (code: String?, message: String?, details: [ErrorDetail]) {
        var code: String?
        var message: String?
        var details: [ErrorDetail] = []
        try r.readObject { (key, r) throws(WireError) in
            if key.equals("code") {
                code = try r.readString()
            } else if key.equals("message"), try r.nextValueIsString() {
                message = try r.readString()
            } else if key.equals("details"), try !r.readNull() {
                try r.readArray { (r) throws(WireError) in
                    if let detail = try readDetail(&r) { details.append(detail) }
                }
            } else {
                try r.skipValue()
            }
        }
        return (code, message, details)
    }

    /// One `{"type", "value"}` entry, or `nil` when it lacks a type or its value is not base64.
    private static func readDetail(_ r: inout JSONReader) throws(WireError) -> ErrorDetail? {
        var type: String?
        var value: [UInt8]? = []  // a detail without a value is an empty message
        try r.readObject { (key, r) throws(WireError) in
            if key.equals("type"), try r.nextValueIsString() {
                type = try r.readString()
            } else if key.equals("value"), try r.nextValueIsString() {
                let text = Array(try r.readString().utf8)
                value = text.withUnsafeBytes { Base64.decode($0) }
            } else {
                try r.skipValue()
            }
        }
        guard let type, let value else { return nil }
        return ErrorDetail(type: type, value: value)
    }
}
