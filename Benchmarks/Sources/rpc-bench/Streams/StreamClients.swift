// StreamClients.swift: the two streaming clients rpc-bench --streams measures: ProtoHTTP's typed streams and grpc-swift 2's.
import BenchProcesses
import GRPCCore
import GRPCNIOTransportHTTP2
import ProtoHTTP
import ProtoHTTPCore
import ProtoWire

/// A client that takes a server stream and makes a bidi echo; each returns how many response
/// messages arrived, every one decoded and compared with ``Workload/expectedResponse``.
protocol StreamClient: Sendable {
    var name: String { get }
    /// Asks Feed for `count` messages and reads them all.
    func feed(_ count: Int) async throws -> Int
    /// Sends `count` Chat requests while reading the echoes.
    func chat(_ count: Int) async throws -> Int
    func shutdown() async
}

/// ProtoHTTP's client: `serverStream` and `bidirectionalStream` over gRPC (h2c).
struct ProtoHTTPStreamClient: StreamClient {
    let name = "protohttp"
    let manager: ProtoHTTPManager

    init(baseURL: String) throws {
        var transport = TransportConfiguration()
        transport.proxy = .none
        var configuration = ManagerConfiguration(baseURL: baseURL)
        configuration.wireProtocol = GRPCProtocol()
        manager = try ProtoHTTPManager(configuration: configuration, transport: HTTPTransport(configuration: transport))
    }

    func feed(_ count: Int) async throws -> Int {
        var received = 0
        for try await message in manager.serverStream(StreamWorkload.Feed.self, StreamWorkload.feedRequest(count)) {
            guard message == Workload.expectedResponse else { throw BenchError("protohttp feed: message \(received + 1) is \(message)") }
            received += 1
        }
        return received
    }

    func chat(_ count: Int) async throws -> Int {
        let chat = manager.bidirectionalStream(StreamWorkload.Chat.self)
        let sender = Task {
            let request = Workload.request()
            for _ in 0..<count { try await chat.send(request) }
            chat.finishSending()
        }
        var received = 0
        do {
            for try await message in chat.responses {
                guard message == Workload.expectedResponse else { throw BenchError("protohttp chat: message \(received + 1) is \(message)") }
                received += 1
            }
        } catch {
            sender.cancel()
            throw error
        }
        try await sender.value
        return received
    }

    func shutdown() async {
        manager.transport.shutdown()
    }
}

/// grpc-swift 2's client: `serverStreaming` and `bidirectionalStreaming` on one `GRPCClient`,
/// messages encoded and decoded with ProtoWire as ours are.
final class GRPCSwiftStreamClient: StreamClient {
    let name = "grpc-swift"
    private let client: GRPCClient<HTTP2ClientTransport.Posix>
    private let connections: Task<Void, Never>

    init(port: Int) throws {
        let transport = try HTTP2ClientTransport.Posix(target: .ipv4(address: "127.0.0.1", port: port), transportSecurity: .plaintext)
        let client = GRPCClient(transport: transport)
        self.client = client
        connections = Task { try? await client.runConnections() }
    }

    func feed(_ count: Int) async throws -> Int {
        try await client.serverStreaming(
            request: ClientRequest(message: StreamWorkload.feedRequest(count).serializedBytes()), descriptor: StreamWorkload.grpcFeed,
            serializer: GRPCBytesSerializer(), deserializer: GRPCBytesDeserializer(), options: .defaults
        ) { response in
            try await Self.count(response.messages, method: "feed")
        }
    }

    func chat(_ count: Int) async throws -> Int {
        let request = StreamingClientRequest(of: [UInt8].self) { writer in
            let bytes = Workload.request().serializedBytes()
            for _ in 0..<count { try await writer.write(bytes) }
        }
        return try await client.bidirectionalStreaming(
            request: request, descriptor: StreamWorkload.grpcChat,
            serializer: GRPCBytesSerializer(), deserializer: GRPCBytesDeserializer(), options: .defaults
        ) { response in
            try await Self.count(response.messages, method: "chat")
        }
    }

    /// Decodes and checks every message of `messages`; how many there were.
    private static func count(_ messages: RPCAsyncSequence<[UInt8], any Error>, method: String) async throws -> Int {
        var received = 0
        for try await bytes in messages {
            let message = try Workload.Response(serializedBytes: bytes)
            guard message == Workload.expectedResponse else { throw BenchError("grpc-swift \(method): message \(received + 1) is \(message)") }
            received += 1
        }
        return received
    }

    func shutdown() async {
        client.beginGracefulShutdown()
        await connections.value
    }
}
