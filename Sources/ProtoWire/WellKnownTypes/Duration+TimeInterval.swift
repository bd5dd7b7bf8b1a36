// Duration+TimeInterval.swift: google.protobuf.Duration from and to seconds and Swift.Duration.

extension Google_Protobuf_Duration {
    /// The largest magnitude protobuf allows: 10,000 years, in seconds.
    public static let maxSeconds: Int64 = 315_576_000_000

    /// Creates a duration from seconds and nanoseconds, normalized so that `nanos` lies in
    /// `-999_999_999...999_999_999` with the same sign as `seconds`.
    public init(seconds: Int64, nanos: Int32 = 0) {
        self.init()
        (self.seconds, self.nanos) = normalizedSecondsAndNanos(seconds, nanos, sameSign: true)
    }

    /// Creates a duration from a number of seconds, rounded to the nanosecond.
    ///
    /// Values beyond ±10,000 years are clamped to ±``maxSeconds``; NaN becomes zero.
    public init(timeInterval: Double) {
        self.init()
        guard !timeInterval.isNaN else { return }
        let limit = Double(Google_Protobuf_Duration.maxSeconds)
        let clamped = min(max(timeInterval, -limit), limit)
        var whole = clamped.rounded(.towardZero)
        var n = ((clamped - whole) * 1e9).rounded()
        if abs(n) >= 1e9 {
            whole += n > 0 ? 1 : -1
            n = 0
        }
        (seconds, nanos) = normalizedSecondsAndNanos(Int64(whole), Int32(n), sameSign: true)
    }

    /// The duration in seconds.
    public var timeInterval: Double { Double(seconds) + Double(nanos) / 1e9 }

    /// Whether the duration is one protobuf allows: at most ±10,000 years, `nanos` below a
    /// second and of the same sign as `seconds`.
    public var isValid: Bool {
        let limit = Google_Protobuf_Duration.maxSeconds
        return seconds >= -limit && seconds <= limit && nanos > -1_000_000_000 && nanos < 1_000_000_000
            && !(seconds > 0 && nanos < 0) && !(seconds < 0 && nanos > 0)
    }

    /// Creates a duration from a `Swift.Duration`, truncated to the nanosecond.
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    public init(_ duration: Swift.Duration) {
        let (s, attoseconds) = duration.components
        self.init(seconds: s, nanos: Int32(attoseconds / 1_000_000_000))
    }

    /// The duration as a `Swift.Duration`.
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    public var swiftDuration: Swift.Duration { .seconds(seconds) + .nanoseconds(Int64(nanos)) }
}

extension Google_Protobuf_Duration: Comparable {
    /// Orders durations by length (seconds, then nanos); both must be normalized.
    public static func < (lhs: Google_Protobuf_Duration, rhs: Google_Protobuf_Duration) -> Bool {
        (lhs.seconds, lhs.nanos) < (rhs.seconds, rhs.nanos)
    }
}
