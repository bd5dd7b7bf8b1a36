// ProtoHTTPCommand.swift: the `protohttp` command and its subcommands: call, list, describe, encode, decode.
import ArgumentParser

/// `protohttp <subcommand>`: call any Connect, Twirp or plain service from its `.proto` files,
/// list a schema's methods, convert between text format and binary. It links the codec, the
/// schemas and the client only; the demos are `protohttp-demo`.
@main
struct ProtoHTTPCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "protohttp",
        abstract: "Protobuf RPC over HTTP in Swift: call services from their .proto files, list them, convert messages.",
        subcommands: [CallCommand.self, ListCommand.self, DescribeCommand.self, EncodeCommand.self, DecodeCommand.self]
    )
}
