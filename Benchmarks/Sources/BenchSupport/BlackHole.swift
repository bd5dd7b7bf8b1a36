// BlackHole.swift: the optimization barrier that keeps measured results alive.

/// Consumes a value so that the optimizer cannot drop the work that produced it.
///
/// The function is neither inlined nor optimized, so every caller must materialize `value`.
@inline(never) @_optimize(none)
public func blackHole<T>(_ value: T) {}
