// HTTPFields+Appending.swift: appending many fields to an HTTPFields at once, without the generic one-at-a-time path.
package import HTTPTypes

extension HTTPFields {
    /// Appends `fields` in order, as `append(contentsOf:)` does, at a fraction of its cost.
    ///
    /// `HTTPFields` implements only a generic `replaceSubrange`, compiled in HTTPTypes without
    /// a specialization for another `HTTPFields`: the standard library's `append(contentsOf:)`
    /// (and a direct `replaceSubrange`) run it unspecialized from here, ~1,800 instructions even
    /// with nothing to append, ~6,000 for six fields (callgrind). One `append` per field takes
    /// the path HTTPTypes did specialize.
    package mutating func appendFields(_ fields: HTTPFields) {
        guard !fields.isEmpty else { return }
        reserveCapacity(count + fields.count)
        for field in fields { append(field) }
    }
}

extension HTTPFields {
    /// `lhs`'s fields, then `rhs`'s: the standard library's `+` for collections, without its
    /// generic path (see ``appendFields(_:)``). Chosen over it wherever ProtoHTTPCore is imported.
    package static func + (lhs: HTTPFields, rhs: HTTPFields) -> HTTPFields {
        guard !rhs.isEmpty else { return lhs }
        guard !lhs.isEmpty else { return rhs }
        var sum = lhs
        sum.appendFields(rhs)
        return sum
    }

    /// Appends `rhs`'s fields (see ``+(_:_:)``).
    package static func += (lhs: inout HTTPFields, rhs: HTTPFields) {
        lhs.appendFields(rhs)
    }
}
