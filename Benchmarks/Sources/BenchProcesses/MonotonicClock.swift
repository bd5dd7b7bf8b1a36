// MonotonicClock.swift: nanosecond timestamps from CLOCK_MONOTONIC for latencies and rates.
#if canImport(Glibc)
import Glibc
#endif

/// Reads `CLOCK_MONOTONIC` as nanoseconds: cheap (vDSO), comparable across threads, never
/// stepped by wall-clock changes.
public enum MonotonicClock {
    /// Nanoseconds since an arbitrary fixed point.
    public static func nanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) &* 1_000_000_000 &+ UInt64(now.tv_nsec)
    }

    /// Seconds since `start` (a value of ``nanoseconds()``).
    public static func seconds(since start: UInt64) -> Double {
        Double(nanoseconds() &- start) / 1e9
    }
}
