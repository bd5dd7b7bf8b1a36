// Array+InPlace.swift: reading an array's elements where they are, so encoding does not copy each message out.

extension Array {
    /// Calls `body` on each element in turn, lent where it lies in the array's buffer.
    ///
    /// `for element in array` copies each element out before using it, and so do indexing,
    /// `withUnsafeBufferPointer` and `Span`: the optimizer keeps the copy whenever the loop's
    /// body writes to other memory (the size cache, the writer's buffer), since it cannot prove
    /// that memory is not the array's own. For a message that copy is a retain and a release for
    /// every string, array and submessage it holds: about a quarter of encoding a page of
    /// records. An `inout` access is exclusive by definition, so through it the element is read
    /// in place.
    ///
    /// `body` must only read the element: it is `inout` for the exclusivity alone. The array's
    /// storage may be shared with other arrays, and nothing may be written to it.
    @inlinable @inline(__always)
    func forEachInPlace<Failure: Error>(_ body: (inout Element) throws(Failure) -> Void) throws(Failure) {
        try withUnsafeBufferPointer { elements throws(Failure) in
            guard let first = elements.baseAddress else { return }
            let base = UnsafeMutablePointer(mutating: first)
            for index in 0..<elements.count { try body(&base[index]) }
        }
    }
}
