// Sanitizer.swift: which sanitizer the tests run under (`make sanitize` sets PROTOHTTP_SANITIZER), and time bounds widened for it.
#if canImport(Glibc)
import Glibc
#endif

/// The sanitizer this test process was built with, as `make sanitize` announces it in
/// `PROTOHTTP_SANITIZER` (`thread` or `address`); unset in normal runs.
///
/// Under ThreadSanitizer everything runs 5–15× slower, and under AddressSanitizer about 2–3×.
/// Tests with wall-clock bounds widen them with ``scaled(_:)`` instead of loosening them for
/// every run; tests that cannot work under a sanitizer skip there with
/// `.disabled(if: Sanitizer.isActive, "reason")`.
public enum Sanitizer {
    /// `thread`, `address`, or `nil` when no sanitizer is announced.
    public static let name: String? = {
        guard let raw = getenv("PROTOHTTP_SANITIZER") else { return nil }
        let value = String(cString: raw)
        return value.isEmpty ? nil : value
    }()

    /// Whether any sanitizer is announced.
    public static var isActive: Bool { name != nil }

    /// Whether this is a ThreadSanitizer run.
    public static var isThread: Bool { name == "thread" }

    /// How much longer than in a normal debug run a test may take: 10 under ThreadSanitizer,
    /// 4 under AddressSanitizer, 1 otherwise.
    public static var slowdown: Int {
        switch name {
        case "thread": 10
        case nil: 1
        default: 4
        }
    }

    /// `duration` widened by ``slowdown`` (unchanged in normal runs).
    public static func scaled(_ duration: Duration) -> Duration { duration * slowdown }

    /// `seconds` widened by ``slowdown`` (unchanged in normal runs).
    public static func scaled(_ seconds: Double) -> Double { seconds * Double(slowdown) }
}
