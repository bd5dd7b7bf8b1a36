// ByteBudgetLRU.swift: a least-recently-used map with a byte budget: a dictionary to slots and a doubly linked list through them, O(1) per operation.

/// The bookkeeping of ``MemoryResponseCache`` (not thread-safe on its own; the cache holds it
/// in a `Mutex`).
///
/// ```
///  index: [Key: slot]        slots: [Slot]  (a free list reuses emptied slots)
///
///  head (most recent) ─► slot ◄─► slot ◄─► slot ◄─ tail (least recent, evicted first)
/// ```
///
/// Links are slot numbers, not references: no allocation per node once the array has grown,
/// and no retain/release traffic when an entry moves to the front.
struct ByteBudgetLRU<Key: Hashable, Value> {
    /// One entry, or an empty slot on the free list (`key` and `value` `nil`).
    private struct Slot {
        var key: Key?
        var value: Value?
        var cost: Int
        var previous: Int
        var next: Int
    }

    /// What ``insert(_:for:cost:)`` did.
    struct InsertOutcome: Equatable {
        /// Whether the value was stored (`false`: it costs more than the whole budget).
        var stored: Bool
        /// How many other entries were evicted to make room.
        var evicted: Int
    }

    private static var none: Int { -1 }

    /// The most the entries may cost together.
    let budget: Int
    private var index: [Key: Int] = [:]
    private var slots: [Slot] = []
    private var freeSlots: [Int] = []
    private var head = ByteBudgetLRU.none
    private var tail = ByteBudgetLRU.none
    /// What the entries cost together, never more than ``budget``.
    private(set) var totalCost = 0

    /// An empty map holding at most `budget` worth of entries.
    init(budget: Int) { self.budget = max(0, budget) }

    /// The number of entries.
    var count: Int { index.count }

    /// The keys, most recently used first (for tests).
    var keysByRecency: [Key] {
        var keys: [Key] = []
        var slot = head
        while slot != Self.none {
            if let key = slots[slot].key { keys.append(key) }
            slot = slots[slot].next
        }
        return keys
    }

    /// The value under `key`, which becomes the most recently used; `nil` if absent.
    mutating func value(for key: Key) -> Value? {
        guard let slot = index[key] else { return nil }
        moveToFront(slot)
        return slots[slot].value
    }

    /// Stores `value` under `key` as the most recently used, replacing any entry there and
    /// evicting least recently used entries until everything fits the budget. A value costing
    /// more than the whole budget is not stored, and the old entry under `key` is removed
    /// (it would be stale).
    mutating func insert(_ value: Value, for key: Key, cost: Int) -> InsertOutcome {
        let cost = max(0, cost)
        guard cost <= budget else {
            removeValue(for: key)
            return InsertOutcome(stored: false, evicted: 0)
        }
        if let slot = index[key] {
            // Replaced in place: one hash lookup, and the entry at the front is evicted last
            // (it fits the budget on its own, so the loop stops before reaching it).
            totalCost += cost - slots[slot].cost
            slots[slot].value = value
            slots[slot].cost = cost
            moveToFront(slot)
            var evicted = 0
            while totalCost > budget, tail != slot {
                unlinkAndFree(tail)
                evicted += 1
            }
            return InsertOutcome(stored: true, evicted: evicted)
        }
        var evicted = 0
        while totalCost + cost > budget, tail != Self.none {
            unlinkAndFree(tail)
            evicted += 1
        }
        let slot: Int
        let filled = Slot(key: key, value: value, cost: cost, previous: Self.none, next: head)
        if let reused = freeSlots.popLast() {
            slot = reused
            slots[slot] = filled
        } else {
            slot = slots.count
            slots.append(filled)
        }
        if head != Self.none { slots[head].previous = slot }
        head = slot
        if tail == Self.none { tail = slot }
        index[key] = slot
        totalCost += cost
        return InsertOutcome(stored: true, evicted: evicted)
    }

    /// Removes the entry under `key`; returns whether there was one.
    @discardableResult
    mutating func removeValue(for key: Key) -> Bool {
        guard let slot = index[key] else { return false }
        unlinkAndFree(slot)
        return true
    }

    /// Removes every entry and gives the memory back.
    mutating func removeAll() {
        index = [:]
        slots = []
        freeSlots = []
        head = Self.none
        tail = Self.none
        totalCost = 0
    }

    private mutating func moveToFront(_ slot: Int) {
        guard slot != head else { return }
        unlink(slot)
        slots[slot].previous = Self.none
        slots[slot].next = head
        if head != Self.none { slots[head].previous = slot }
        head = slot
        if tail == Self.none { tail = slot }
    }

    private mutating func unlink(_ slot: Int) {
        let previous = slots[slot].previous
        let next = slots[slot].next
        if previous != Self.none { slots[previous].next = next } else { head = next }
        if next != Self.none { slots[next].previous = previous } else { tail = previous }
    }

    private mutating func unlinkAndFree(_ slot: Int) {
        unlink(slot)
        if let key = slots[slot].key { index[key] = nil }
        totalCost -= slots[slot].cost
        slots[slot] = Slot(key: nil, value: nil, cost: 0, previous: Self.none, next: Self.none)
        freeSlots.append(slot)
    }
}
