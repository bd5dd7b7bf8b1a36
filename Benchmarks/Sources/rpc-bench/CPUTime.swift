// CPUTime.swift: user+system CPU time of this process or of a reaped child, from rusage.
#if canImport(Glibc)
import Glibc
#endif

/// User plus system CPU time in microseconds, as `getrusage`/`wait4` report it.
struct CPUTime: Sendable {
    /// Microseconds of CPU, user and system together.
    var microseconds: Double

    /// The sum of `ru_utime` and `ru_stime`.
    init(_ usage: rusage) {
        func micros(_ t: timeval) -> Double { Double(t.tv_sec) * 1e6 + Double(t.tv_usec) }
        microseconds = micros(usage.ru_utime) + micros(usage.ru_stime)
    }

    /// All threads of this process so far (`RUSAGE_SELF`).
    static func currentProcess() -> CPUTime {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return CPUTime(usage)
    }
}
