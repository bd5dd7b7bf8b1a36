// main.swift: the protoc plugin entry point (CodeGeneratorRequest on stdin, response on stdout) and the plugins' --run-protoc mode.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ProtoDescriptors
import ProtoWire

func printError(_ message: String) {
    writeAll(Array(("protoc-gen-protohttp: " + message + "\n").utf8), to: 2)
}

let arguments = CommandLine.arguments.dropFirst()
if arguments.contains("--version") {
    print("protoc-gen-protohttp \(Generator.version)")
    exit(0)
}
if arguments.first == ProtocRunner.flag {
    // The plugins' way to run protoc: its messages come out as diagnostics (ProtocRunner).
    let rest = Array(arguments.dropFirst())
    guard let protoc = rest.first else {
        printError("\(ProtocRunner.flag) needs protoc's path, then protoc's arguments")
        exit(1)
    }
    exit(ProtocRunner.run(protoc: protoc, arguments: Array(rest.dropFirst())))
}
if !arguments.isEmpty {
    printError("this is a protoc plugin; run it through protoc: protoc --plugin=protoc-gen-protohttp=<path> --protohttp_out=<dir> file.proto")
    exit(1)
}

let input = readAll(from: 0)
let response: Google_Protobuf_Compiler_CodeGeneratorResponse
do {
    let request = try Google_Protobuf_Compiler_CodeGeneratorRequest(serializedBytes: input, options: DecodingOptions(allowPartial: true))
    response = Generator.run(request)
} catch {
    printError("stdin is not a CodeGeneratorRequest (\(error)); run this plugin through protoc")
    exit(1)
}
if !writeAll(response.serializedBytes(), to: 1) {
    printError("could not write the response to stdout")
    exit(1)
}
