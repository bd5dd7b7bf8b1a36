// AcceptEncoding.swift: reads a request's Accept-Encoding (q-values, identity, *) to decide whether a gzip response is wanted.
import ProtoHTTPCore


/// The one question the server asks of `Accept-Encoding` (RFC 9110 §12.5.3): does the client
/// want this response as gzip rather than as it is?
///
/// - A coding's weight is its `q` (default 1); `q=0` means "not acceptable".
/// - gzip's weight is that of `gzip` (or `x-gzip`) when listed, else that of `*`, else 0.
/// - gzip is chosen when its weight is above 0 and not below `identity`'s. An unlisted
///   `identity` weighs 0 here: it is always the fallback, never a preference.
/// - No header, an empty one, `identity`, `gzip;q=0`, `*;q=0` or only other codings (`br`):
///   no gzip. An element with a malformed `q` is ignored.
enum AcceptEncoding {
    /// Whether the fields `values` (every `Accept-Encoding` of the request, in order) ask for
    /// gzip in preference to identity.
    static func prefersGzip(_ values: [String]) -> Bool {
        var gzip: Double?
        var identity: Double?
        var any: Double?
        for value in values {
            for element in value.split(separator: ",") {
                let parts = element.split(separator: ";", omittingEmptySubsequences: false)
                let coding = HTTPText.trimmed(String(parts[0])).lowercased()
                guard !coding.isEmpty, let weight = weight(parts.dropFirst()) else { continue }
                switch coding {
                case "gzip", "x-gzip": gzip = gzip ?? weight
                case "identity": identity = identity ?? weight
                case "*": any = any ?? weight
                default: continue
                }
            }
        }
        let gzipWeight = gzip ?? any ?? 0
        return gzipWeight > 0 && gzipWeight >= (identity ?? 0)
    }

    /// The `q` among an element's parameters: 1 without one, `nil` when it is malformed.
    private static func weight(_ parameters: ArraySlice<Substring>) -> Double? {
        for parameter in parameters {
            let pair = parameter.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard HTTPText.trimmed(String(pair[0])).lowercased() == "q" else { continue }
            // qvalue = ( "0" [ "." 0*3DIGIT ] ) / ( "1" [ "." 0*3("0") ] )
            guard pair.count == 2 else { return nil }
            let text = HTTPText.trimmed(String(pair[1]))
            guard text.utf8.count <= 5, text.utf8.allSatisfy({ $0 == UInt8(ascii: ".") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
                  let q = Double(text), (0...1).contains(q) else { return nil }
            return q
        }
        return 1
    }
}
