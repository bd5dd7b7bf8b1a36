// ListCommand.swift: `protohttp list`: every service method of a schema with its input and output types, one per line.
import ArgumentParser

/// Prints one line per method of every service in the schema, in file and declaration order:
///
/// ```
/// notes.Notes/GetNote(notes.GetNoteRequest) returns (notes.Note)
/// ```
///
/// A streamed side reads `(stream pkg.Input)`. The format is stable: scripts may rely on it.
struct ListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List every service method of a schema with its input and output types.",
        discussion: """
        One line per method, in the order of the files and their declarations:
          pkg.Service/Method(pkg.Input) returns (pkg.Output)
        with "stream " before a streamed input or output. Prints nothing for a schema without services.
        """
    )

    @OptionGroup var schema: SchemaOptions

    func run() async throws {
        try await reportingFailures {
            let catalog = try schema.load()
            for method in catalog.methods { print(method.listLine) }
        }
    }
}
