// EncodeCommand.swift: `protohttp encode TYPE`: text format on standard input, binary protobuf on standard output, as protoc --encode.
import ArgumentParser
import Foundation

/// `protoc --encode=TYPE` from a schema read at run time: reads a `TYPE` message in the
/// protobuf text format from standard input and writes its binary encoding to standard output.
struct EncodeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "encode",
        abstract: "Read a message in text format on standard input, write it as binary protobuf (as protoc --encode).",
        discussion: "Exit status 1 when the input does not parse as TYPE (the error names line and column), 64 for usage errors."
    )

    @Argument(help: ArgumentHelp("The message type's full name, pkg.Message.", valueName: "type"))
    var type: String

    @OptionGroup var schema: SchemaOptions

    func run() async throws {
        try await reportingFailures {
            let catalog = try schema.load()
            let name = try catalog.messageName(type)
            let conversion = try MessageConversion(catalog)
            let input = FileHandle.standardInput.readDataToEndOfFile()
            let bytes = try conversion.binary(fromText: String(decoding: input, as: UTF8.self), type: name)
            FileHandle.standardOutput.write(Data(bytes))
        }
    }
}
