// CLIFailure.swift: how a command ends on a CLIError: the message on standard error, then the error's exit status.
import ArgumentParser
import Foundation

/// Runs `body`; on a ``CLIError`` prints `protohttp: <message>` to standard error and exits with
/// the error's status (ArgumentParser's own usage errors keep their form).
func reportingFailures<T>(_ body: () async throws -> T) async throws -> T {
    do {
        return try await body()
    } catch let error as CLIError {
        printError("protohttp: \(error.message)")
        throw ExitCode(error.exitStatus)
    }
}

/// Writes `line` and a newline to standard error.
func printError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}
