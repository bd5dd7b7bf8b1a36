// ProcessMemory.swift: a process's resident set size and this process's peak, read from /proc/<pid>/status.
#if canImport(Glibc)
import Glibc
#endif

/// The `VmRSS` line of `/proc/<pid>/status`: the pages of the process now in RAM (anonymous,
/// file-backed and shared), what `top` calls RES. Kernel memory (socket buffers, TCP state,
/// epoll entries) is not in it.
enum ProcessMemory {
    /// `VmRSS` of `pid` (`nil`: this process) in KiB; throws when it cannot be read.
    static func residentKiB(of pid: pid_t? = nil) throws -> Int {
        try field("VmRSS:", of: pid)
    }

    /// `VmHWM` of this process in KiB: the highest `VmRSS` since it started or since
    /// ``resetPeak()``; throws when it cannot be read.
    static func peakKiB() throws -> Int {
        try field("VmHWM:", of: nil)
    }

    /// Starts ``peakKiB()`` again from the current RSS (`5` written to `/proc/self/clear_refs`);
    /// throws when the kernel refuses.
    static func resetPeak() throws {
        let fd = open("/proc/self/clear_refs", O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { throw ScaleError("cannot open /proc/self/clear_refs: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        guard write(fd, "5", 1) == 1 else { throw ScaleError("cannot reset the peak RSS: \(String(cString: strerror(errno)))") }
    }

    /// The number on the `name` line of `/proc/<pid>/status` (`nil`: this process).
    private static func field(_ name: String, of pid: pid_t?) throws -> Int {
        let path = pid.map { "/proc/\($0)/status" } ?? "/proc/self/status"
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw ScaleError("cannot open \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 8192)
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard count > 0 else { throw ScaleError("cannot read \(path)") }
        for line in buffer[..<count].split(separator: UInt8(ascii: "\n")) where line.starts(with: Array(name.utf8)) {
            let digits = line.filter { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
            if let kib = Int(String(decoding: digits, as: UTF8.self)) { return kib }
        }
        throw ScaleError("no \(name) line in \(path)")
    }
}
