// GRPCBytesCoding.swift: grpc-swift's serializer and deserializer for messages already encoded (ProtoWire does the protobuf).
import BenchProcesses
import GRPCCore

/// Hands grpc-swift a message's bytes as they are: the bench encodes and decodes its messages
/// with ProtoWire on both sides, so grpc-swift needs no swift-protobuf code generation.
struct GRPCBytesSerializer: MessageSerializer {
    func serialize<Bytes: GRPCContiguousBytes>(_ message: [UInt8]) throws -> Bytes { Bytes(message) }
}

/// Takes grpc-swift's message bytes as a `[UInt8]`.
struct GRPCBytesDeserializer: MessageDeserializer {
    func deserialize<Bytes: GRPCContiguousBytes>(_ serializedMessageBytes: Bytes) throws -> [UInt8] {
        serializedMessageBytes.withUnsafeBytes { Array($0) }
    }
}

/// The bench's method as grpc-swift names it: `protohttp.bench.Bench/Echo`, ``Workload/path``.
enum GRPCBenchMethod {
    static let echo = MethodDescriptor(fullyQualifiedService: "protohttp.bench.Bench", method: "Echo")
    /// A method neither server has, for the interop check of `unimplemented`.
    static let missing = MethodDescriptor(fullyQualifiedService: "protohttp.bench.Bench", method: "Missing")
}
