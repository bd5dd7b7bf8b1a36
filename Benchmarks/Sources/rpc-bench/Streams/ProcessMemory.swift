// ProcessMemory.swift: the resident memory of this process or of a child, from /proc/<pid>/statm.
#if canImport(Glibc)
import Glibc
#endif

/// Resident set sizes, for the streams' memory growth.
enum ProcessMemory {
    /// The resident bytes of `pid` (this process when `nil`), or `nil` if they cannot be read.
    static func residentBytes(of pid: pid_t? = nil) -> Int? {
        let path = pid.map { "/proc/\($0)/statm" } ?? "/proc/self/statm"
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        // "size resident shared …", in pages.
        let fields = buffer[..<count].split(separator: UInt8(ascii: " "))
        guard fields.count > 1, let pages = Int(String(decoding: fields[1], as: UTF8.self)) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}
