// CPUTime.swift: user+system CPU time of this process, of a reaped child, or of a running process by pid.
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

    /// A time of `microseconds`.
    init(microseconds: Double) {
        self.microseconds = microseconds
    }

    /// All threads of this process so far (`RUSAGE_SELF`).
    static func currentProcess() -> CPUTime {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return CPUTime(usage)
    }

    /// All threads of the running process `pid` so far, from `utime` and `stime` in
    /// `/proc/<pid>/stat` (clock ticks, usually 10 ms each); `nil` if it cannot be read.
    static func process(_ pid: pid_t) -> CPUTime? {
        let fd = open("/proc/\(pid)/stat", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 1024)
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        // "pid (comm) state ppid …": comm may hold spaces and parentheses, so count fields
        // after the last ')'. There, field 0 is the state (field 3 of the line); utime and
        // stime are fields 14 and 15 of the line.
        let text = buffer[..<count]
        guard let commEnd = text.lastIndex(of: UInt8(ascii: ")")) else { return nil }
        let fields = text[(commEnd + 1)...].split(separator: UInt8(ascii: " "))
        guard fields.count > 12,
              let user = Double(String(decoding: fields[11], as: UTF8.self)),
              let system = Double(String(decoding: fields[12], as: UTF8.self))
        else { return nil }
        let ticksPerSecond = Double(sysconf(Int32(_SC_CLK_TCK)))
        guard ticksPerSecond > 0 else { return nil }
        return CPUTime(microseconds: (user + system) * 1e6 / ticksPerSecond)
    }
}
