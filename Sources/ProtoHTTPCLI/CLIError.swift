// CLIError.swift: the one error type of the `protohttp` command: what failed, how to fix it, and the exit status it gives.

/// A failure of a `protohttp` command, printed as `protohttp: <message>` on standard error
/// (an RPC error is printed by `call` in its own `code: message` form instead).
///
/// Exit statuses, shared by every command:
///
/// | status | ``Code`` | when |
/// |---|---|---|
/// | 1 | ``Code/rpc``, ``Code/data`` | the server answered with an RPC error; the input to `encode`/`decode` (or a response) does not parse |
/// | 2 | ``Code/transport`` | no answer: connection refused, name not resolved, `--timeout` passed, a malformed URL |
/// | 64 | ``Code/usage`` | arguments: a missing file, a schema protoc rejects, an unknown type, service or method, bad `-d` JSON, a bad header |
struct CLIError: Error, CustomStringConvertible {
    /// What kind of failure, which decides the exit status.
    enum Code: Sendable {
        /// The server answered with an RPC error (status 1).
        case rpc
        /// Input data that does not parse as the type it should be (status 1).
        case data
        /// No answer from the server, or a URL that cannot be requested (status 2).
        case transport
        /// Arguments or schemas that cannot work (status 64, ArgumentParser's usage status).
        case usage
    }

    /// The kind of failure.
    let code: Code
    /// What happened and how to fix it.
    let message: String

    init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// The process exit status for ``code``.
    var exitStatus: Int32 {
        switch code {
        case .rpc, .data: 1
        case .transport: 2
        case .usage: 64
        }
    }

    var description: String { message }
}
