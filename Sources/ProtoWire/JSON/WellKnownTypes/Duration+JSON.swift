// Duration+JSON.swift: google.protobuf.Duration as a "1.5s" string in JSON.

extension Google_Protobuf_Duration {
    /// `"1.5s"`, `"-0.000000001s"`: seconds with 0, 3, 6 or 9 fractional digits and an `s`.
    /// Seconds and nanos must have the same sign and lie within ±315,576,000,000 s.
    public func _protoWriteJSON(_ w: inout JSONWriter) throws(WireError) {
        guard seconds >= -JSONTime.maxDurationSeconds, seconds <= JSONTime.maxDurationSeconds,
              nanos > -1_000_000_000, nanos < 1_000_000_000,
              (seconds >= 0 && nanos >= 0) || (seconds <= 0 && nanos <= 0) else {
            throw WireError(.notRepresentableInJSON, offset: nil,
                            "Duration(seconds: \(seconds), nanos: \(nanos)) is out of range or mixes signs")
        }
        let negative = seconds < 0 || nanos < 0
        w.writeString((negative ? "-" : "") + String(seconds.magnitude) + JSONTime.fraction(Int32(nanos.magnitude)) + "s")
    }

    /// Reads `"<seconds>[.<1-9 digits>]s"` with an optional leading `-`.
    public mutating func _protoMergeJSON(_ r: inout JSONReader) throws(WireError) {
        let at = r.pointer
        let text = try r.readString()
        guard let (s, n) = Google_Protobuf_Duration.parse(text) else {
            throw r.error(.invalidJSONValue, at: at,
                          "'\(text)' is not a duration within ±315576000000s (like \"1.5s\" or \"-0.25s\")")
        }
        seconds = s
        nanos = n
    }

    static func parse(_ text: String) -> (Int64, Int32)? {
        var sc = JSONTime.Scanner(text)
        let negative = sc.take(0x2D)
        guard let whole = sc.number() else { return nil }
        var nanos: Int32 = 0
        if sc.take(0x2E) {
            guard let n = sc.nanos() else { return nil }
            nanos = n
        }
        guard sc.take(0x73), sc.atEnd, whole <= JSONTime.maxDurationSeconds else { return nil }
        return negative ? (-whole, -nanos) : (whole, nanos)
    }
}
