// Timestamp+JSON.swift: google.protobuf.Timestamp as an RFC 3339 string in JSON.

extension Google_Protobuf_Timestamp {
    /// `"1972-01-01T10:00:20.021Z"`: UTC, uppercase `T` and `Z`, 0, 3, 6 or 9 fractional
    /// digits; years 0001 to 9999 only.
    public func _protoWriteJSON(_ w: inout JSONWriter) throws(WireError) {
        guard let text = rfc3339 else {
            throw WireError(.notRepresentableInJSON, offset: nil,
                            "Timestamp(seconds: \(seconds), nanos: \(nanos)) is outside 0001-01-01T00:00:00Z...9999-12-31T23:59:59.999999999Z or has invalid nanos")
        }
        w.writeString(text)
    }

    /// The RFC 3339 text, or `nil` when out of range.
    var rfc3339: String? {
        guard seconds >= JSONTime.minTimestampSeconds, seconds <= JSONTime.maxTimestampSeconds,
              nanos >= 0, nanos <= 999_999_999 else { return nil }
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let (y, m, d) = JSONTime.date(days: days)
        return JSONTime.padded(y, 4) + "-" + JSONTime.padded(m, 2) + "-" + JSONTime.padded(d, 2) + "T"
            + JSONTime.padded(secondOfDay / 3600, 2) + ":" + JSONTime.padded(secondOfDay / 60 % 60, 2) + ":"
            + JSONTime.padded(secondOfDay % 60, 2) + JSONTime.fraction(nanos) + "Z"
    }

    /// Reads an RFC 3339 string; an offset (`+01:00`) is applied, so the result is in UTC.
    public mutating func _protoMergeJSON(_ r: inout JSONReader) throws(WireError) {
        let at = r.pointer
        let text = try r.readString()
        guard let (s, n) = Google_Protobuf_Timestamp.parse(text) else {
            throw r.error(.invalidJSONValue, at: at,
                          "'\(text)' is not an RFC 3339 timestamp between 0001-01-01T00:00:00Z and 9999-12-31T23:59:59.999999999Z (like 1972-01-01T10:00:20.021Z)")
        }
        seconds = s
        nanos = n
    }

    static func parse(_ text: String) -> (Int64, Int32)? {
        var sc = JSONTime.Scanner(text)
        guard let year = sc.digits(4), sc.take(0x2D), let month = sc.digits(2), sc.take(0x2D), let day = sc.digits(2),
              sc.take(0x54), let hour = sc.digits(2), sc.take(0x3A), let minute = sc.digits(2), sc.take(0x3A),
              let second = sc.digits(2) else { return nil }
        guard year >= 1, month >= 1, month <= 12, day >= 1, day <= JSONTime.daysInMonth(year: year, month: month),
              hour < 24, minute < 60, second < 60 else { return nil }
        var nanos: Int32 = 0
        if sc.take(0x2E) {
            guard let n = sc.nanos() else { return nil }
            nanos = n
        }
        var offset: Int64 = 0
        if sc.take(0x5A) {
            offset = 0
        } else if let sign = sc.peek, sign == 0x2B || sign == 0x2D {
            sc.i += 1
            guard let oh = sc.digits(2), sc.take(0x3A), let om = sc.digits(2), oh < 24, om < 60 else { return nil }
            offset = (oh * 3600 + om * 60) * (sign == 0x2D ? -1 : 1)
        } else {
            return nil
        }
        guard sc.atEnd else { return nil }
        let seconds = JSONTime.days(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second - offset
        guard seconds >= JSONTime.minTimestampSeconds, seconds <= JSONTime.maxTimestampSeconds else { return nil }
        return (seconds, nanos)
    }
}
