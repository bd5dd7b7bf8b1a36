// DescribeCommand.swift: `protohttp describe [SERVER] [SYMBOL]`: a service, method, message, field or enum of a schema written as .proto source.
import ArgumentParser

/// Prints the declaration of one symbol of a schema (or of every service, with none) as
/// `.proto` source, after a line naming what it is:
///
/// ```
/// notes.Notes.GetNote is a method:
/// rpc GetNote(notes.GetNoteRequest) returns (notes.Note) {
///   option idempotency_level = NO_SIDE_EFFECTS;
/// }
/// ```
struct DescribeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "describe",
        abstract: "Show a service, method, message, field or enum of a schema as .proto source.",
        discussion: """
        SYMBOL is a full name: pkg.Service, pkg.Service.Method, pkg.Message, pkg.Message.field, \
        pkg.Enum or an enum value (a sibling of its enum, as in protoc: pkg.VALUE). Without SYMBOL, \
        every service of the schema is described. Each declaration follows a line "<name> is a <kind>:"; \
        type names are fully qualified.

        With a server URL (http(s)://host[:port][/prefix]) and no --proto or --descriptor-set, the \
        schema is the server's own, asked through gRPC server reflection (grpc.reflection.v1, over \
        HTTP/2): for a symbol, the file declaring it and its imports.
        """
    )

    @Argument(help: ArgumentHelp("A server to ask through gRPC server reflection (a URL), then the symbol to describe; either may be left out.",
                                 valueName: "server-or-symbol"))
    var targets: [String] = []

    @OptionGroup var schema: SchemaOptions

    @OptionGroup var connection: ConnectionOptions

    /// The server argument: the one that is a URL.
    private var server: String? { targets.first { $0.contains("://") } }

    /// The symbol argument: the one that is not.
    private var symbol: String? { targets.first { !$0.contains("://") } }

    func validate() throws {
        let servers = targets.filter { $0.contains("://") }
        guard targets.count <= 2, servers.count <= 1, targets.count - servers.count <= 1 else {
            throw ValidationError("give at most a server URL and one symbol, such as: protohttp describe http://127.0.0.1:8080 notes.Notes")
        }
        if server != nil && schema.isGiven {
            throw ValidationError("give either a server to ask through reflection or --proto / --descriptor-set, not both.")
        }
    }

    func run() async throws {
        try await reportingFailures {
            let catalog = try await schema.load(reflectingAt: server, only: symbol.map(ProtoSourcePrinter.bare), connection: connection)
            let symbols = SchemaSymbols(catalog.set)
            let names = symbol.map { [ProtoSourcePrinter.bare($0)] } ?? symbols.services
            for (index, name) in names.enumerated() {
                let (found, file) = try symbols.lookup(name)
                if index > 0 { print("") }
                print("\(name) is \(found.kind):")
                for line in found.source(ProtoSourcePrinter(file: file)) { print(line) }
            }
        }
    }
}
