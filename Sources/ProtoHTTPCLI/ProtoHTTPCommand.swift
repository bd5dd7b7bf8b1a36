// ProtoHTTPCommand.swift: the `protohttp` command and its subcommands: call, list, encode, decode, and the demos.
import ArgumentParser

/// `protohttp <subcommand>`: call any Connect, Twirp or plain service from its `.proto` files,
/// list a schema's methods, convert between text format and binary, and the demos.
@main
struct ProtoHTTPCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "protohttp",
        abstract: "Protobuf RPC over HTTP in Swift: call services from their .proto files, convert messages, run the demos.",
        subcommands: [CallCommand.self, ListCommand.self, EncodeCommand.self, DecodeCommand.self, DemoCommand.self, ServeDemoCommand.self, CodecDemoCommand.self]
    )
}
