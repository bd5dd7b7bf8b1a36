// ListCommand.swift: `protohttp list`: every service method of a schema (or of a server, through reflection) with its input and output types, one per line.
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

        With a server URL and no --proto or --descriptor-set, the schema is the server's own, asked \
        through gRPC server reflection (grpc.reflection.v1, over HTTP/2).
        """
    )

    @Argument(help: ArgumentHelp("A server to ask for its schema through gRPC server reflection, http(s)://host[:port][/prefix], instead of --proto or --descriptor-set.",
                                 valueName: "server"))
    var server: String?

    @OptionGroup var schema: SchemaOptions

    @OptionGroup var connection: ConnectionOptions

    func validate() throws {
        if server != nil && schema.isGiven {
            throw ValidationError("give either a server to ask through reflection or --proto / --descriptor-set, not both.")
        }
    }

    func run() async throws {
        try await reportingFailures {
            let catalog = try await schema.load(reflectingAt: server, connection: connection)
            for method in catalog.methods { print(method.listLine) }
        }
    }
}
