// BenchError.swift: the one error type of rpc-bench: a message saying what went wrong.

/// A failure that ends the benchmark (after the server is stopped), with a readable message.
struct BenchError: Error, CustomStringConvertible, Sendable {
    /// What happened and, where known, how to fix it.
    var description: String

    /// Creates an error with `description`.
    init(_ description: String) { self.description = description }
}
