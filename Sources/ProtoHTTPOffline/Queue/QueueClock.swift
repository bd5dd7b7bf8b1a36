// QueueClock.swift: the offline queue's time: the wall clock that stamps entries, the boot clock that ages them without jumps, and the timer that brings a waiting category back.
package import Dispatch
package import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Where an ``OfflineQueue`` reads the time and schedules its own comebacks.
///
/// An entry's age must survive a restart, so it starts from the wall clock; but a wall clock
/// that jumps forward (a wrong clock corrected, a manual change) would then age every entry at
/// once. So an entry also records the boot it was stored in and the boot clock's reading
/// (`CLOCK_BOOTTIME`: counts suspend, never jumps); within that boot its age is the smaller of
/// the two. Tests give the queue a clock they step and jump by hand (package access).
package protocol QueueClock: Sendable {
    /// The wall-clock time: stamps entries, dates `Retry-After`, ages entries across reboots.
    func wallTime() -> Date
    /// The boot clock: seconds since this boot, suspend included; it never goes back.
    func bootTime() -> TimeInterval
    /// This boot's identity (the same for every process until the machine restarts).
    func bootID() -> String
    /// Runs `work` on `queue` once `delay` has passed on this clock.
    func run(after delay: Duration, on queue: DispatchQueue, _ work: @escaping @Sendable () -> Void)
}

/// The real time: `Date()`, `CLOCK_BOOTTIME`, `/proc/sys/kernel/random/boot_id`, `asyncAfter`.
package struct SystemQueueClock: QueueClock {
    /// Read once per process: it changes only with a reboot.
    private static let boot: String = {
        let text = (try? String(contentsOfFile: "/proc/sys/kernel/random/boot_id", encoding: .utf8)) ?? ""
        let id = text.trimmingCharacters(in: .whitespacesAndNewlines)
        // Without it (not Linux, or /proc hidden), each process counts as its own boot: ages
        // then come from the wall clock alone after a restart, never from a foreign baseline.
        return id.isEmpty ? "process-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)" : id
    }()

    package init() {}

    package func wallTime() -> Date { Date() }

    package func bootTime() -> TimeInterval {
        #if canImport(Glibc)
        var spec = timespec()
        guard clock_gettime(CLOCK_BOOTTIME, &spec) == 0 else { return ProcessInfo.processInfo.systemUptime }
        return TimeInterval(spec.tv_sec) + TimeInterval(spec.tv_nsec) / 1e9
        #else
        return ProcessInfo.processInfo.systemUptime
        #endif
    }

    package func bootID() -> String { Self.boot }

    package func run(after delay: Duration, on queue: DispatchQueue, _ work: @escaping @Sendable () -> Void) {
        queue.asyncAfter(deadline: .now() + delay.dispatchInterval, execute: work)
    }
}

/// Where and when an entry was stored, on the boot clock: what makes its age immune to
/// wall-clock jumps while the machine stays up.
struct BootStamp: Sendable, Hashable {
    /// The boot (``QueueClock/bootID()``) the entry was stored in.
    var bootID: String
    /// The boot clock's reading then.
    var bootTime: TimeInterval
}

extension QueueClock {
    /// The stamp for an entry stored now.
    func bootStamp() -> BootStamp { BootStamp(bootID: bootID(), bootTime: bootTime()) }

    /// How old `entry` is, in seconds: within the boot it was stored in, the smaller of its
    /// wall-clock and boot-clock ages (a wall clock that jumped forward ages nothing); after a
    /// reboot, its wall-clock age. Never negative.
    func age(of entry: QueuedCall) -> TimeInterval {
        let wall = max(0, wallTime().timeIntervalSince(entry.createdAt))
        guard let stamp = entry.bootStamp, stamp.bootID == bootID() else { return wall }
        return min(wall, max(0, bootTime() - stamp.bootTime))
    }
}
