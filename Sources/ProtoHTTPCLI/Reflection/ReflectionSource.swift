// ReflectionSource.swift: a server's schema asked through gRPC server reflection (grpc.reflection.v1): its services and the files that define them.
import Foundation
import ProtoDescriptors
import ProtoHTTP
import ProtoHTTPCore
import ProtoWire

/// Asks the server at ``server`` (its URL with any path prefix, without a method) for its
/// schema over `grpc.reflection.v1.ServerReflection` (or `v1alpha` when the server serves only
/// that; gRPC, HTTP/2: h2c with prior knowledge
/// for `http://`, ALPN over `https://`): the services it lists, then on a second stream the file
/// of each (or of the one service asked for), which the server sends with the files it imports.
///
/// A service the server lists but cannot describe (one defined by hand on the server, without
/// files) is left out with a warning on standard error.
struct ReflectionSource {
    typealias Info = Grpc_Reflection_V1_ServerReflectionMetadata.ServerReflectionInfo
    typealias Request = Grpc_Reflection_V1_ServerReflectionRequest

    /// The same method under the protocol's first name, which some servers (grpcio's Python
    /// reflection among them) alone serve: v1's messages, byte for byte.
    enum InfoV1alpha: RPCMethod {
        typealias Input = Grpc_Reflection_V1_ServerReflectionRequest
        typealias Output = Grpc_Reflection_V1_ServerReflectionResponse
        static let name = "ServerReflectionInfo"
        static let path = "/grpc.reflection.v1alpha.ServerReflection/ServerReflectionInfo"
        static let idempotencyLevel = IdempotencyLevel.unknown
        static let isClientStreaming = true
        static let isServerStreaming = true
    }

    let server: String
    let connection: ConnectionOptions
    /// How long the whole conversation may take.
    var timeout: Duration = .seconds(30)

    /// The files that define the server's services (or `service` alone), each once, every
    /// file after the files it imports.
    func fileDescriptorSet(only service: String? = nil) async throws(CLIError) -> Google_Protobuf_FileDescriptorSet {
        let (transport, manager): (HTTPTransport, ProtoHTTPManager)
        do throws(ProtoHTTPError) {
            (transport, manager) = try makeManager()
        } catch {
            throw CLIError(.usage, "cannot reach \(server) for its reflection: \(error.message)")
        }
        defer { transport.shutdown() }
        var files: [String: Google_Protobuf_FileDescriptorProto] = [:]
        var order: [String] = []
        do {
            let services: [String]
            if let service {
                services = [service]
            } else {
                let answers = try await ask(manager, [Self.question(.listServices(""))])
                guard case .listServicesResponse(let list)? = answers.first?.messageResponse else {
                    throw CLIError(.transport, "the reflection service at \(server) answered list_services with something else")
                }
                services = list.service.map(\.name)
            }
            let answers = try await ask(manager, services.map { Self.question(.fileContainingSymbol($0)) })
            for (name, answer) in zip(services, answers) {
                switch answer.messageResponse {
                case .fileDescriptorResponse(let found)?:
                    for bytes in found.fileDescriptorProto {
                        let file = try Self.file(bytes, from: server)
                        if files.updateValue(file, forKey: file.name) == nil { order.append(file.name) }
                    }
                case .errorResponse(let error)?:
                    guard service == nil else {
                        throw CLIError(.usage, "the server at \(server) does not describe \(name): \(error.errorMessage) (code \(error.errorCode)); give --proto FILE or --descriptor-set FILE")
                    }
                    FileHandle.standardError.write(Data("protohttp: the server lists \(name) but does not describe it (\(error.errorMessage)); it is left out\n".utf8))
                default:
                    throw CLIError(.transport, "the reflection service at \(server) answered the question about \(name) with something else")
                }
            }
        } catch let error as CLIError {
            throw error
        } catch let error as ProtoHTTPError {
            throw Self.failure(error, server: server, connection: connection)
        } catch {
            throw CLIError(.transport, "\(error)")
        }
        var set = Google_Protobuf_FileDescriptorSet()
        set.file = Self.importsFirst(order, files)
        return set
    }

    /// A transport and a gRPC manager for the server.
    private func makeManager() throws(ProtoHTTPError) -> (HTTPTransport, ProtoHTTPManager) {
        var configuration = ManagerConfiguration(baseURL: server)
        configuration.wireProtocol = GRPCProtocol()
        configuration.timeout = timeout
        let transport = try HTTPTransport(configuration: connection.transportConfiguration(timeout: nil))
        return (transport, try ProtoHTTPManager(configuration: configuration, transport: transport))
    }

    /// `questions` on one stream, ended before the answers are read (a server may wait for the
    /// end of the request to refuse an unknown method), and their answers in order.
    /// Asked under v1 first; a server that does not know v1 (`unimplemented`) is asked under
    /// v1alpha, as grpcurl does.
    private func ask(_ manager: ProtoHTTPManager, _ questions: [Request]) async throws -> [Grpc_Reflection_V1_ServerReflectionResponse] {
        do {
            return try await Self.ask(manager.bidirectionalStream(Info.self), questions)
        } catch let error as ProtoHTTPError where error.code == .unimplemented || (error.code == .unavailable && error.httpStatus == nil) {
            // Unimplemented, or reset before any answer: a server that refuses an unknown method
            // while the request is still open (grpcio does) resets the stream, and libcurl 7.88
            // then reports the reset instead of the trailers-only refusal it came with. Ask
            // v1alpha, on a transport of its own; if that fails too, the v1 error is the one to tell.
            let (transport, fresh) = try makeManager()
            defer { transport.shutdown() }
            do {
                return try await Self.ask(fresh.bidirectionalStream(InfoV1alpha.self), questions)
            } catch let fallback {
                throw error.code == .unimplemented ? fallback : error
            }
        }
    }

    private static func ask(_ stream: BidirectionalStream<Request, Grpc_Reflection_V1_ServerReflectionResponse>,
                            _ questions: [Request]) async throws -> [Grpc_Reflection_V1_ServerReflectionResponse] {
        for question in questions {
            // A server that refuses the method may end the stream while it is being sent: the
            // answers below say how it ended.
            do { try await stream.send(question) } catch { break }
        }
        stream.finishSending()
        var answers: [Grpc_Reflection_V1_ServerReflectionResponse] = []
        for try await answer in stream.responses { answers.append(answer) }
        return answers
    }

    private static func question(_ ask: Request.OneOf_MessageRequest) -> Request {
        var request = Request()
        request.messageRequest = ask
        return request
    }

    private static func file(_ bytes: Data, from server: String) throws(CLIError) -> Google_Protobuf_FileDescriptorProto {
        do {
            return try Google_Protobuf_FileDescriptorProto(serializedBytes: bytes)
        } catch {
            throw CLIError(.transport, "the reflection service at \(server) sent a file descriptor that does not decode: \(error)")
        }
    }

    /// The files in `order`, each after the files it imports (those the server sent).
    static func importsFirst(_ order: [String], _ files: [String: Google_Protobuf_FileDescriptorProto]) -> [Google_Protobuf_FileDescriptorProto] {
        var placed: Set<String> = []
        var out: [Google_Protobuf_FileDescriptorProto] = []
        func place(_ name: String) {
            guard let file = files[name], placed.insert(name).inserted else { return }
            for dependency in file.dependency { place(dependency) }
            out.append(file)
        }
        for name in order { place(name) }
        return out
    }

    /// What a failed reflection call tells the user: a server without reflection gets told to
    /// give the schema instead.
    private static func failure(_ error: ProtoHTTPError, server: String, connection: ConnectionOptions) -> CLIError {
        if error.code == .unimplemented {
            return CLIError(.usage, "the server at \(server) does not serve gRPC server reflection (neither grpc.reflection.v1 nor v1alpha: \(error.message)); give --proto FILE or --descriptor-set FILE")
        }
        guard error.httpStatus != nil else {
            return CLIError(.transport, "asking \(server) for its reflection: \(error.description)" + connection.certificateHint(error))
        }
        return CLIError(.transport, "the server at \(server) failed its reflection call: \(error.code): \(error.message)")
    }
}
