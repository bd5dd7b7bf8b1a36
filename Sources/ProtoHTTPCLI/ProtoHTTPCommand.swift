// ProtoHTTPCommand.swift: the `protohttp` command and its subcommands: demo, serve-demo, codec-demo.
import ArgumentParser

/// `protohttp <subcommand>`: the RPC demo, the demo server, and the codec demo.
@main
struct ProtoHTTPCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "protohttp",
        abstract: "ProtoHTTP's demos: protobuf RPC over HTTP in Swift, client and server.",
        subcommands: [DemoCommand.self, ServeDemoCommand.self, CodecDemoCommand.self]
    )
}
