// main.swift: the protoc plugin entry point (CodeGeneratorRequest on stdin, response on stdout) and the plugins' --run-protoc mode.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ProtoDescriptors
import ProtoWire

/// Reads all of stdin.
func readStandardInput() -> [UInt8] {
    var data: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
        if n > 0 {
            data.append(contentsOf: buffer[0..<n])
        } else if n < 0 && errno == EINTR {
            continue
        } else {
            break
        }
    }
    return data
}

/// Writes all of `bytes` to stdout.
func writeStandardOutput(_ bytes: [UInt8]) -> Bool {
    var offset = 0
    while offset < bytes.count {
        let n = bytes.withUnsafeBytes { write(1, $0.baseAddress.map { $0 + offset }, bytes.count - offset) }
        if n > 0 {
            offset += n
        } else if n < 0 && errno == EINTR {
            continue
        } else {
            return false
        }
    }
    return true
}

func printError(_ message: String) {
    let bytes = Array(("protoc-gen-protohttp: " + message + "\n").utf8)
    _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
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

let input = readStandardInput()
let response: Google_Protobuf_Compiler_CodeGeneratorResponse
do {
    let request = try Google_Protobuf_Compiler_CodeGeneratorRequest(serializedBytes: input, options: DecodingOptions(allowPartial: true))
    response = Generator.run(request)
} catch {
    printError("stdin is not a CodeGeneratorRequest (\(error)); run this plugin through protoc")
    exit(1)
}
if !writeStandardOutput(response.serializedBytes()) {
    printError("could not write the response to stdout")
    exit(1)
}
