// Sanitizer.swift: which sanitizer the tests run under (`make sanitize` sets PROTOHTTP_SANITIZER), and how much slower it makes them.
#if canImport(Glibc)
import Glibc
#endif

/// The sanitizer this test process was built with, as `make sanitize` announces it in
/// `PROTOHTTP_SANITIZER` (`thread` or `address`); unset in normal runs.
///
/// Under ThreadSanitizer everything runs 5–15× slower, and under AddressSanitizer about 2–3×.
/// Tests wait for events, not durations; only their `.timeLimit` hang guards and the load
/// test's size follow the sanitizer (``slowdown``, ``isActive``).
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

}
