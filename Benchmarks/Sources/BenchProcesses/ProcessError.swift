// ProcessError.swift: the error the shared processes, servers and load tools throw: a message saying what went wrong.

/// A failure of a shared helper (a temp folder, a port, wrk's report), with a readable message;
/// each tool prints its ``description`` as it prints its own errors.
public struct ProcessError: Error, CustomStringConvertible, Sendable {
    /// What happened and, where known, how to fix it.
    public var description: String

    /// Creates an error with `description`.
    public init(_ description: String) { self.description = description }
}
