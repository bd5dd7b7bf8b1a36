// TwirpErrorBody.swift: Twirp's error JSON {code, msg, meta}, written and read.
import ProtoWire

/// The JSON body of a Twirp error response (twitchtv.github.io/twirp/docs/spec_v7.html):
///
/// ```json
/// {"code": "not_found", "msg": "no note n404", "meta": {"id": "n404"}}
/// ```
///
/// Codes use Twirp's names (``ProtoHTTPError/Code/twirpName``, plus `bad_route` and `malformed`
/// where the specification uses them). Reading maps them back onto the shared code set, keeps
/// string `meta` values, skips members it does not know, and never trusts the input.
public enum TwirpErrorBody {
    /// The body for `error`; `twirpCode` replaces the code's name (for `bad_route` and
    /// `malformed`). Meta keys are written sorted, so the body is deterministic.
    public static func encode(_ error: ProtoHTTPError, twirpCode: String? = nil) -> [UInt8] {
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

    /// The error `body` describes, with `httpStatus` and the raw body attached, or `nil` when
    /// the body is not a Twirp error (not a JSON object with a string `code`). A code name
    /// Twirp does not define reads as `unknown`; non-string meta values are dropped.
    public static func decode(_ body: [UInt8], httpStatus: Int? = nil) -> ProtoHTTPError? {
        guard let fields = try? JSONReader.parse(body, { (r: inout JSONReader) throws(WireError) in try read(&r) }),
              let name = fields.code
        else { return nil }
        return ProtoHTTPError(
            code: ProtoHTTPError.Code(twirpName: name) ?? .unknown, message: fields.msg ?? "",
            httpStatus: httpStatus, meta: fields.meta, responseBody: body
        )
    }

    private static func read(_ r: inout JSONReader) throws(WireError) -> (code: String?, msg: String?, meta: [String: String]) {
        var code: String?
        var msg: String?
        var meta: [String: String] = [:]
        try r.readObject { (key, r) throws(WireError) in
            if key.equals("code") {
                code = try r.readString()
            } else if key.equals("msg"), try r.nextValueIsString() {
                msg = try r.readString()
            } else if key.equals("meta"), try !r.readNull() {
                try r.readObject { (entry, r) throws(WireError) in
                    if try r.nextValueIsString() { meta[entry.string] = try r.readString() } else { try r.skipValue() }
                }
            } else {
                try r.skipValue()
            }
        }
        return (code, msg, meta)
    }
}
