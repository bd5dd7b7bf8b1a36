// DeadlineQueue.swift: the pending deadlines of one connection's requests, earliest first (a binary heap that can remove any entry).
import NIOCore
import Synchronization

/// The deadlines ``DeadlineTimers`` holds for one connection: a min-heap on the due time, whose
/// entries know their place in it, so an answered call's entry leaves in O(log n) rather than
/// staying until its deadline (a minute-long `grpc-timeout` kept per answered call would hold
/// tens of megabytes under load).
///
/// ```
/// insert(entry)     append, sift up                      the earliest stays at the top
/// remove(entry)     swap with the last, pop, sift        an answered or cancelled call
/// popDue(now)       take every entry due at `now`        the timer fired
/// ```
///
/// A value type, kept behind ``DeadlineTimers``'s lock; only that lock's holder moves entries.
struct DeadlineQueue {
    /// One call's deadline and what to run when it passes.
    final class Entry: Sendable {
        /// When the call's deadline passes, on its loop's clock.
        let due: NIODeadline
        /// Runs once the deadline has passed (not under any lock).
        let fire: @Sendable () -> Void
        /// The entry's place in the heap; -1 once it left (fired or removed). Changed only by
        /// the holder of the queue's lock.
        fileprivate let slot = Atomic<Int>(-1)

        init(due: NIODeadline, fire: @escaping @Sendable () -> Void) {
            self.due = due
            self.fire = fire
        }

        /// Whether the entry is waiting in a queue.
        var isQueued: Bool { slot.load(ordering: .relaxed) >= 0 }
    }

    private var heap: [Entry] = []

    /// The number of entries waiting.
    var count: Int { heap.count }

    /// The earliest due time, if any entry waits.
    var earliest: NIODeadline? { heap.first?.due }

    /// Adds `entry` (which must not be queued already).
    mutating func insert(_ entry: Entry) {
        heap.append(entry)
        place(entry, at: heap.count - 1)
        siftUp(heap.count - 1)
    }

    /// Takes `entry` out; does nothing when it is not queued (it fired, or was removed).
    mutating func remove(_ entry: Entry) {
        let index = entry.slot.load(ordering: .relaxed)
        guard index >= 0, index < heap.count, heap[index] === entry else { return }
        entry.slot.store(-1, ordering: .relaxed)
        let last = heap.removeLast()
        guard index < heap.count else { return }
        heap[index] = last
        place(last, at: index)
        if index > 0, last.due < heap[(index - 1) / 2].due {
            siftUp(index)
        } else {
            siftDown(index)
        }
    }

    /// Takes every entry due at or before `now`, earliest first.
    mutating func popDue(now: NIODeadline) -> [Entry] {
        var due: [Entry] = []
        while let first = heap.first, first.due <= now {
            remove(first)
            due.append(first)
        }
        return due
    }

    private mutating func siftUp(_ start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].due < heap[parent].due else { return }
            swapAt(child, parent)
            child = parent
        }
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1
            guard left < heap.count else { return }
            let right = left + 1
            let child = right < heap.count && heap[right].due < heap[left].due ? right : left
            guard heap[child].due < heap[parent].due else { return }
            swapAt(child, parent)
            parent = child
        }
    }

    private mutating func swapAt(_ a: Int, _ b: Int) {
        heap.swapAt(a, b)
        place(heap[a], at: a)
        place(heap[b], at: b)
    }

    private func place(_ entry: Entry, at index: Int) {
        entry.slot.store(index, ordering: .relaxed)
    }
}
