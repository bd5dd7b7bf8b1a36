// InFlightOwner.swift: who is sending a call stored before it was sent (write-ahead): a queue in a process in a boot, and whether it still lives.
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The sender of a write-ahead entry: the ``OfflineQueue`` (its session) in the process (its
/// pid) in the boot that stored the entry before sending the call.
///
/// While its owner lives the entry is the call in flight, and a replay leaves it alone (the
/// owner removes it when the call is answered, or keeps it when the call fails for the network).
/// Once the owner is gone (its process was killed, the machine restarted, the queue was closed)
/// the entry is an ordinary stored call, replayed with the same `Idempotency-Key`.
struct InFlightOwner: Sendable, Hashable {
    /// The boot (``QueueClock/bootID()``).
    var bootID: String
    /// The process.
    var pid: Int32
    /// The queue instance within the process.
    var session: String

    /// A new owner for a queue opening now.
    init(bootID: String) {
        self.bootID = bootID
        self.pid = getpid()
        self.session = UUID().uuidString.lowercased()
    }

    /// The owner stored as `text` (``text``'s form), or `nil` when it is not one.
    init?(text: String?) {
        guard let parts = text?.split(separator: " ", omittingEmptySubsequences: false), parts.count == 3,
              let pid = Int32(parts[1]), !parts[0].isEmpty, !parts[2].isEmpty else { return nil }
        self.bootID = String(parts[0])
        self.pid = pid
        self.session = String(parts[2])
    }

    /// `<boot id> <pid> <session>`, as the `in_flight` column holds it.
    var text: String { "\(bootID) \(pid) \(session)" }

    /// Whether the owner may still be sending its call, seen from a process in boot `currentBoot`:
    /// the same boot, and in this process a queue session still open, in another a process
    /// that still exists.
    func isAlive(currentBoot: String) -> Bool {
        guard bootID == currentBoot else { return false }
        if pid == getpid() { return Self.openSessions.withLock { $0.contains(session) } }
        // Signal 0 checks existence only; EPERM: it exists, under another user.
        return kill(pid, 0) == 0 || errno == EPERM
    }

    /// The sessions of the queues open in this process.
    private static let openSessions = Mutex<Set<String>>([])

    /// Marks this owner's queue open (``isAlive(currentBoot:)`` holds in this process).
    func open() { Self.openSessions.withLock { _ = $0.insert(session) } }

    /// Marks this owner's queue closed: its write-ahead entries become ordinary stored calls.
    func close() { Self.openSessions.withLock { _ = $0.remove(session) } }
}
