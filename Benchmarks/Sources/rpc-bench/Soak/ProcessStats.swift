// ProcessStats.swift: a process's resident memory, open descriptors and threads, read from /proc.
#if canImport(Glibc)
import Glibc
#endif

/// What the soak samples of one process each minute.
struct ProcessStats: Sendable {
    /// Resident set size in KiB (`VmRSS`).
    var rssKiB: Int
    /// Open file descriptors (entries of `/proc/<pid>/fd`).
    var descriptors: Int
    /// Threads (`Threads`).
    var threads: Int

    /// Reads the stats of `pid` (`nil`: this process); `nil` when the process is gone.
    static func read(_ pid: pid_t? = nil) -> ProcessStats? {
        let base = pid.map { "/proc/\($0)" } ?? "/proc/self"
        guard let status = readText(base + "/status") else { return nil }
        var rss = 0
        var threads = 0
        for line in status.split(separator: "\n") {
            if line.hasPrefix("VmRSS:") { rss = number(in: line) }
            if line.hasPrefix("Threads:") { threads = number(in: line) }
        }
        return ProcessStats(rssKiB: rss, descriptors: countEntries(base + "/fd"), threads: threads)
    }

    private static func number(in line: Substring) -> Int {
        // "VmRSS:\t   33864 kB", "Threads:\t7": fields are separated by tabs and spaces.
        Int(line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first.map { $0.filter(\.isNumber) } ?? "") ?? 0
    }

    private static func readText(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            bytes += chunk[..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func countEntries(_ path: String) -> Int {
        guard let directory = opendir(path) else { return -1 }
        defer { closedir(directory) }
        var count = 0
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix(2)) }
            if name[0] == UInt8(ascii: "."), name[1] == 0 || name[1] == UInt8(ascii: ".") { continue }
            count += 1
        }
        // Reading our own table lists the descriptor opendir holds; not counted.
        return path.hasPrefix("/proc/self") ? count - 1 : count
    }
}
