// ProcessMemory.swift: a process's resident set size, read from /proc/<pid>/status.
#if canImport(Glibc)
import Glibc
#endif

/// The `VmRSS` line of `/proc/<pid>/status`: the pages of the process now in RAM (anonymous,
/// file-backed and shared), what `top` calls RES. Kernel memory (socket buffers, TCP state,
/// epoll entries) is not in it.
enum ProcessMemory {
    /// `VmRSS` of `pid` (`nil`: this process) in KiB; throws when it cannot be read.
    static func residentKiB(of pid: pid_t? = nil) throws -> Int {
        let path = pid.map { "/proc/\($0)/status" } ?? "/proc/self/status"
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw ScaleError("cannot open \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 8192)
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard count > 0 else { throw ScaleError("cannot read \(path)") }
        for line in buffer[..<count].split(separator: UInt8(ascii: "\n")) where line.starts(with: Array("VmRSS:".utf8)) {
            let digits = line.filter { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
            if let kib = Int(String(decoding: digits, as: UTF8.self)) { return kib }
        }
        throw ScaleError("no VmRSS line in \(path)")
    }
}
