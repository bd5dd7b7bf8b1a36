// Generator.swift: turns a CodeGeneratorRequest into a CodeGeneratorResponse, errors included.

import ProtoDescriptors

/// The whole plugin run, free of I/O so that tests can drive it.
enum Generator {
    /// The generator's version, printed by `--version`.
    static let version = "0.1.0"

    /// Generates one file per `file_to_generate`, or a response whose `error` says what is
    /// unsupported or wrong. Never traps on input.
    static func run(_ request: Google_Protobuf_Compiler_CodeGeneratorRequest) -> Google_Protobuf_Compiler_CodeGeneratorResponse {
        var response = Google_Protobuf_Compiler_CodeGeneratorResponse()
        response.supportedFeatures = UInt64(Google_Protobuf_Compiler_CodeGeneratorResponse.Feature.proto3Optional.rawValue)
        do {
            response.file = try generate(request)
        } catch {
            response.error = error.message
        }
        return response
    }

    private static func generate(_ request: Google_Protobuf_Compiler_CodeGeneratorRequest) throws(GeneratorError) -> [Google_Protobuf_Compiler_CodeGeneratorResponse.File] {
        let options = try GeneratorOptions(parameter: request.parameter)
        for file in request.protoFile where file.syntax == "editions" {
            throw GeneratorError("\(file.name): protobuf editions are not supported yet by protoc-gen-protohttp; use syntax = \"proto2\" or \"proto3\"")
        }
        let types = TypeTable(files: request.protoFile)
        let analysis = try TypeAnalysis(types: types)
        let imports = Imports(files: request.protoFile, generated: request.fileToGenerate, options: options)
        var files: [Google_Protobuf_Compiler_CodeGeneratorResponse.File] = []
        for name in request.fileToGenerate {
            guard let file = request.protoFile.first(where: { $0.name == name }) else {
                throw GeneratorError("\(name) is to be generated but protoc sent no descriptor for it")
            }
            let context = FileContext(file: file, types: types, analysis: analysis, comments: Comments(file), options: options,
                                      imports: imports.lines(for: file))
            var out = Google_Protobuf_Compiler_CodeGeneratorResponse.File()
            out.name = options.outputPath(for: file.name)
            out.content = try FileEmitter(context: context).emit()
            files.append(out)
        }
        return files
    }
}
