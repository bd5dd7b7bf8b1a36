// Generator.swift: turns a CodeGeneratorRequest into a CodeGeneratorResponse, errors included.

import ProtoDescriptors

/// The whole plugin run, free of I/O so that tests can drive it.
enum Generator {
    /// The generator's version, printed by `--version`.
    static let version = "0.1.0"

    /// Generates the files of each `file_to_generate` (`<base>.pb.swift`, and with `Clients=true` /
    /// `Servers=true` `<base>.client.pb.swift` / `<base>.server.pb.swift` when it has services),
    /// or a response whose `error` says what is unsupported or wrong. Never traps on input.
    static func run(_ request: Google_Protobuf_Compiler_CodeGeneratorRequest) -> Google_Protobuf_Compiler_CodeGeneratorResponse {
        var response = Google_Protobuf_Compiler_CodeGeneratorResponse()
        response.supportedFeatures = UInt64(Google_Protobuf_Compiler_CodeGeneratorResponse.Feature.proto3Optional.rawValue
                                            | Google_Protobuf_Compiler_CodeGeneratorResponse.Feature.supportsEditions.rawValue)
        response.minimumEdition = Int32(ProtoFeatures.supportedEditions.first?.rawValue ?? 0)
        response.maximumEdition = Int32(ProtoFeatures.supportedEditions.last?.rawValue ?? 0)
        do {
            response.file = try generate(request)
        } catch {
            response.error = error.message
        }
        return response
    }

    private static func generate(_ request: Google_Protobuf_Compiler_CodeGeneratorRequest) throws(GeneratorError) -> [Google_Protobuf_Compiler_CodeGeneratorResponse.File] {
        let options = try GeneratorOptions(parameter: request.parameter)
        let types = try TypeTable(files: request.protoFile)
        let analysis = try TypeAnalysis(types: types)
        let imports = Imports(files: request.protoFile, generated: request.fileToGenerate, options: options)
        var files: [Google_Protobuf_Compiler_CodeGeneratorResponse.File] = []
        func add(_ name: String, _ content: String) {
            var out = Google_Protobuf_Compiler_CodeGeneratorResponse.File()
            out.name = name
            out.content = content
            files.append(out)
        }
        for name in request.fileToGenerate {
            guard let file = request.protoFile.first(where: { $0.name == name }) else {
                throw GeneratorError("\(name) is to be generated but protoc sent no descriptor for it")
            }
            if !options.importProtoWire && !file.service.isEmpty {
                throw GeneratorError("\(file.name) declares a service, but ImportProtoWire=false generates code compiled into ProtoWire, which cannot see the RPCMethod protocol of ProtoHTTPCore; generate services without ImportProtoWire=false")
            }
            let comments = Comments(file)
            if options.messages {
                let context = FileContext(file: file, types: types, analysis: analysis, comments: comments, options: options,
                                          imports: imports.lines(for: file))
                add(options.outputPath(for: file.name), try FileEmitter(context: context).emit())
            }
            guard !file.service.isEmpty else { continue }
            for layer in ServiceLayer.allCases where layer.isEnabled(in: options) {
                let context = FileContext(file: file, types: types, analysis: analysis, comments: comments, options: options,
                                          imports: try imports.lines(for: file, layer: layer, types: types))
                add(options.outputPath(for: file.name, layer: layer), try LayerFileEmitter(context: context, layer: layer).emit())
            }
        }
        return files
    }
}
