// SchemaOptions.swift: the schema arguments every descriptor-driven command shares: --proto FILE with -I DIR, --descriptor-set FILE, or a server's reflection.
import ArgumentParser
import ProtoDescriptors

/// Where a command's message and service types come from: a `.proto` file that `protoc`
/// compiles (with its imports), a `FileDescriptorSet` made earlier, e.g. by
/// `protoc --include_imports --descriptor_set_out=FILE`, or, for commands that name a server
/// and given neither, the server itself through gRPC server reflection (``ReflectionSource``).
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
        case (.some, .some): throw ValidationError("--proto and --descriptor-set are alternatives; give one of them.")
        case (nil, .some) where !importPaths.isEmpty: throw ValidationError("-I goes with --proto; a descriptor set already holds its imports.")
        case (nil, nil) where !importPaths.isEmpty: throw ValidationError("-I goes with --proto: give the .proto file too.")
        default: break
        }
    }

    /// Whether the command line names a schema (else the server's reflection has to).
    var isGiven: Bool { protoFile != nil || descriptorSet != nil }

    /// The descriptors, compiled or read, as a catalogue of messages and services.
    func load() throws(CLIError) -> SchemaCatalog {
        let set: Google_Protobuf_FileDescriptorSet
        if let descriptorSet {
            set = try DescriptorSetLoader.read(descriptorSet)
        } else if let protoFile {
            set = try DescriptorSetLoader.compile(protoFile, importPaths: importPaths)
        } else {
            throw CLIError(.usage, "give the schema: --proto FILE (compiled with protoc) or --descriptor-set FILE.")
        }
        return SchemaCatalog(set)
    }

    /// The schema the command line gives, or else the one the server at `server` describes
    /// through gRPC server reflection (its services, or only `service`, with the files they
    /// import); without either, a usage error that says what to give.
    func load(reflectingAt server: String?, only service: String? = nil, connection: ConnectionOptions) async throws(CLIError) -> SchemaCatalog {
        if isGiven { return try load() }
        guard let server else {
            throw CLIError(.usage, "give the schema: --proto FILE (compiled with protoc), --descriptor-set FILE, or the URL of a server that serves gRPC reflection.")
        }
        return SchemaCatalog(try await ReflectionSource(server: server, connection: connection).fileDescriptorSet(only: service))
    }
}
