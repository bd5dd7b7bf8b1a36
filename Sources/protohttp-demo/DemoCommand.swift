// DemoCommand.swift: the `protohttp-demo` command: the scripted demo (`make demo`), the demo server, the codec on its own.
import ArgumentParser

/// `protohttp-demo [run|serve|codec]`: the demos, apart from the `protohttp` tool so that the
/// tool links only the codec, the schemas and the client (no server, no SwiftNIO, no SQLite).
@main
struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "protohttp-demo",
        abstract: "ProtoHTTP's demos: a scripted tour of the client and server, the notes service to try with curl, the codec alone.",
        subcommands: [RunCommand.self, ServeCommand.self, CodecCommand.self],
        defaultSubcommand: RunCommand.self
    )
}
