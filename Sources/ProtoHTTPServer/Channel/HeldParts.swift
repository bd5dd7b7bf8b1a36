// HeldParts.swift: the request parts a StallGuardHandler holds back, first in first out, allocating nothing until one is held.
/// A FIFO of held request parts: an array and the index of its first part, emptied whole once
/// every part has gone. NIO's `CircularBuffer` allocates its storage (16 parts) when made,
/// once per HTTP/2 stream (some 3,500 instructions, callgrind), though nearly every stream
/// holds nothing.
struct HeldParts<Part> {
    private var parts: [Part] = []
    private var start = 0

    /// Whether no part is held.
    var isEmpty: Bool { start == parts.count }

    /// The part next in line.
    var first: Part? { isEmpty ? nil : parts[start] }

    /// Holds `part` behind the others.
    mutating func append(_ part: Part) {
        parts.append(part)
    }

    /// Lets the first part go (there must be one).
    mutating func removeFirst() {
        start += 1
        if start == parts.count { removeAll() }
    }

    /// Lets every part go, keeping the storage for the next ones.
    mutating func removeAll() {
        parts.removeAll(keepingCapacity: true)
        start = 0
    }
}
