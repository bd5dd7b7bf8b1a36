// WaitingCalls.swift: calls waiting for a transfer slot, highest priority first, in order within a priority (engine thread only).

/// The calls the engine holds back while ``TransportConfiguration/maxConcurrentTransfers``
/// transfers run: one first-in-first-out line per ``CallPriority``, the highest served first.
/// Confined to the engine thread; `count` is mirrored for other threads by the engine.
struct WaitingCalls {
    private var lines: [[TransportCall]] = Array(repeating: [], count: CallPriority.allCases.count)
    private var heads: [Int] = Array(repeating: 0, count: CallPriority.allCases.count)

    /// How many calls wait.
    private(set) var count = 0

    /// Puts `call` at the end of its priority's line.
    mutating func append(_ call: TransportCall) {
        lines[call.request.priority.rawValue].append(call)
        count += 1
    }

    /// The longest-waiting call of the highest priority that has one, removed; `nil` when none waits.
    mutating func next() -> TransportCall? {
        for level in CallPriority.allCases.reversed() {
            let index = level.rawValue
            guard heads[index] < lines[index].count else { continue }
            let call = lines[index][heads[index]]
            heads[index] += 1
            if heads[index] == lines[index].count {
                lines[index].removeAll(keepingCapacity: true)
                heads[index] = 0
            }
            count -= 1
            return call
        }
        return nil
    }

    /// Removes the call with `id` (cancelled or past its deadline while waiting); whether it waited.
    mutating func remove(id: UInt64) -> Bool {
        for index in lines.indices {
            guard let position = lines[index][heads[index]...].firstIndex(where: { $0.id == id }) else { continue }
            lines[index].remove(at: position)
            count -= 1
            return true
        }
        return false
    }

    /// Every waiting call, removed.
    mutating func removeAll() -> [TransportCall] {
        var all: [TransportCall] = []
        while let call = next() { all.append(call) }
        return all
    }
}
