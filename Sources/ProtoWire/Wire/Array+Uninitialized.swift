// Array+Uninitialized.swift: arrays filled in place that never write into the shared empty-array storage.

extension Array {
    /// An array of at most `capacity` elements that `body` initializes in place, as the standard
    /// library's `init(unsafeUninitializedCapacity:initializingWith:)`, except that a capacity
    /// of 0 returns `[]` without calling `body`.
    ///
    /// For a capacity of 0 the standard library hands `body` its one empty-array storage,
    /// shared by every empty array in the process, and then stores the initialized count into
    /// it: a write that ThreadSanitizer rightly reports as a race with any thread reading an
    /// empty array. Every in-place array of ProtoWire is built here instead; a test scans the
    /// sources for the bare initializer.
    @inlinable
    init(filling capacity: Int, _ body: (_ buffer: inout UnsafeMutableBufferPointer<Element>, _ initialized: inout Int) -> Void) {
        guard capacity > 0 else {
            self = []
            return
        }
        self.init(unsafeUninitializedCapacity: capacity, initializingWith: body)
    }
}
