// GeneratorError.swift: the generator's one error type, reported through CodeGeneratorResponse.error.

/// A problem with the input that stops generation; its message goes to protoc, which prints it.
struct GeneratorError: Error, CustomStringConvertible {
    /// What is wrong and, where possible, how to fix it.
    let message: String

    init(_ message: String) { self.message = message }

    var description: String { message }
}
