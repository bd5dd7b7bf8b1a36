// ScaleError.swift: the one error type of bench-scale: a message saying what went wrong.

/// A failure that ends the curve being measured (after its servers are stopped), with a
/// message saying what happened and, where known, how to fix it.
struct ScaleError: Error, CustomStringConvertible, Sendable {
    /// What happened.
    var description: String

    /// Creates an error with `description`.
    init(_ description: String) { self.description = description }
}
