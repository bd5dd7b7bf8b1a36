// ResidentMemory.swift: this process's peak resident set size, reset before a transfer and read after it.
#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// The kernel's high-water mark of this process's resident memory (`VmHWM`).
///
/// Writing `5` to `/proc/self/clear_refs` resets the mark to the current resident size (Linux
/// 4.0 and later), so ``reset()`` before a transfer and ``peakGrowth()`` after it give the
/// exact peak growth, with no sampling thread that could miss a short spike.
struct ResidentPeak {
    private let baseline: Int

    /// Resets the high-water mark and remembers the current resident size.
    static func reset() -> ResidentPeak {
        let fd = open("/proc/self/clear_refs", O_WRONLY)
        if fd >= 0 {
            _ = write(fd, "5", 1)
            close(fd)
        }
        return ResidentPeak(baseline: field("VmRSS:") ?? 0)
    }

    /// The peak resident size since ``reset()`` minus the size at that moment, bytes.
    func peakGrowth() -> Int {
        max(0, (Self.field("VmHWM:") ?? 0) - baseline)
    }

    /// A `kB` field of `/proc/self/status`, in bytes.
    private static func field(_ name: String) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name) }),
              let kib = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else { return nil }
        return kib * 1024
    }
}
