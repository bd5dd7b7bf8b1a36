// DecodeCommand.swift: `protohttp decode TYPE`: binary protobuf on standard input, text format on standard output, as protoc --decode.
import ArgumentParser
import Foundation

/// `protoc --decode=TYPE` from a schema read at run time: reads a binary `TYPE` message from
/// standard input and writes it in the protobuf text format to standard output.
struct DecodeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "decode",
        abstract: "Read a binary protobuf message on standard input, write it in text format (as protoc --decode).",
        discussion: "Exit status 1 when the input is not a valid binary TYPE, 64 for usage errors."
    )

    @Argument(help: ArgumentHelp("The message type's full name, pkg.Message.", valueName: "type"))
    var type: String

    @OptionGroup var schema: SchemaOptions

    func run() async throws {
        try await reportingFailures {
            let catalog = try schema.load()
            let name = try catalog.messageName(type)
            let conversion = try MessageConversion(catalog)
            let input = [UInt8](FileHandle.standardInput.readDataToEndOfFile())
            let text = try conversion.text(fromBinary: input, type: name)
            FileHandle.standardOutput.write(Data(text.utf8))
        }
    }
}
