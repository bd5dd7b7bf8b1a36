// SchemaOptions.swift: the schema arguments every descriptor-driven command shares: --proto FILE with -I DIR, or --descriptor-set FILE.
import ArgumentParser
import ProtoDescriptors

/// Where a command's message and service types come from: a `.proto` file that `protoc`
/// compiles (with its imports) or a `FileDescriptorSet` made earlier, e.g. by
/// `protoc --include_imports --descriptor_set_out=FILE`.
struct SchemaOptions: ParsableArguments {
    @Option(name: .customLong("proto"), help: ArgumentHelp(
        "A .proto file to compile with protoc (with its imports; google/protobuf/*.proto are found in /usr/include).",
        valueName: "file"))
    var protoFile: String?

    @Option(name: [.customShort("I", allowingJoined: true), .customLong("proto-path")], help: ArgumentHelp(
        "An import directory for --proto, as protoc's -I (repeatable; default: the directory of --proto).",
        valueName: "dir"))
    var importPaths: [String] = []

    @Option(name: .customLong("descriptor-set"), help: ArgumentHelp(
        "A binary FileDescriptorSet to read instead of --proto (protoc --include_imports --descriptor_set_out=FILE).",
        valueName: "file"))
    var descriptorSet: String?

    func validate() throws {
        switch (protoFile, descriptorSet) {
        case (nil, nil): throw ValidationError("Give the schema: --proto FILE (compiled with protoc) or --descriptor-set FILE.")
        case (.some, .some): throw ValidationError("--proto and --descriptor-set are alternatives; give one of them.")
        case (nil, .some) where !importPaths.isEmpty: throw ValidationError("-I goes with --proto; a descriptor set already holds its imports.")
        default: break
        }
    }

    /// The descriptors, compiled or read, as a catalogue of messages and services.
    func load() throws(CLIError) -> SchemaCatalog {
        let set: Google_Protobuf_FileDescriptorSet
        if let descriptorSet {
            set = try DescriptorSetLoader.read(descriptorSet)
        } else if let protoFile {
            set = try DescriptorSetLoader.compile(protoFile, importPaths: importPaths)
        } else {
            throw CLIError(.usage, "give --proto FILE or --descriptor-set FILE.")
        }
        return SchemaCatalog(set)
    }
}
