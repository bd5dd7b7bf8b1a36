// ProtoFileDescriptors.swift: the .proto files a generated service was defined in, as serialized FileDescriptorProtos, for server reflection.
import ProtoWire

/// The `.proto` files that define a service, as protoc described them: serialized
/// `google.protobuf.FileDescriptorProto` messages (without comments), the service's own file
/// first, then every file it imports, directly or not, each once.
///
/// The generator writes one per service into its metadata (`Pkg_GreeterMetadata.fileDescriptors`);
/// server reflection (`grpc.reflection.v1.ServerReflection`) answers from them, so tools such as
/// grpcurl can list and call the service without its `.proto` files.
public struct ProtoFileDescriptors: Sendable {
    /// The serialized `FileDescriptorProto`s, the service's file first.
    public let files: [[UInt8]]

    /// The files as serialized bytes.
    public init(files: [[UInt8]]) {
        self.files = files
    }

    /// The files from standard base64, as generated code embeds them; a string that is not
    /// base64 (which generated code never has) leaves its file out.
    public init(base64: [String]) {
        files = base64.compactMap { text in
            var text = text
            return text.withUTF8 { Base64.decode(UnsafeRawBufferPointer($0)) }
        }
    }

    /// No files: a service defined by hand, which reflection lists but cannot describe.
    public static let none = ProtoFileDescriptors(files: [])
}
