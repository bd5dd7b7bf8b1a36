// GRPCSwiftClient.swift: the `grpc-swift` client: grpc-swift 2's GRPCClient over HTTP2ClientTransport.Posix (h2c), unary Echo.
import BenchProcesses
import GRPCCore
import GRPCNIOTransportHTTP2
import ProtoWire

/// grpc-swift 2 as its users call it: one `GRPCClient` with its connections running in a task,
/// and `concurrency` tasks each making its next unary call when the previous one returned. The
/// request is encoded and the response decoded with ProtoWire, as ours does.
final class GRPCSwiftClient: LoopClient {
    /// `"grpc-swift"`.
    let name = "grpc-swift"
    private let client: GRPCClient<HTTP2ClientTransport.Posix>
    private let connections: Task<Void, Never>

    /// A client of the server on `port` (127.0.0.1, plaintext HTTP/2).
    init(port: Int) throws {
        let transport = try HTTP2ClientTransport.Posix(target: .ipv4(address: "127.0.0.1", port: port), transportSecurity: .plaintext)
        let client = GRPCClient(transport: transport)
        self.client = client
        connections = Task { try? await client.runConnections() }
    }

    /// One Echo call; the decoded response, or the error grpc-swift threw.
    func echo() async throws -> Workload.Response {
        let bytes = try await client.unary(
            request: ClientRequest(message: Workload.request().serializedBytes()), descriptor: GRPCBenchMethod.echo,
            serializer: GRPCBytesSerializer(), deserializer: GRPCBytesDeserializer(), options: .defaults
        ) { response in try response.message }
        return try Workload.Response(serializedBytes: bytes)
    }

    /// The code a call to a method the server lacks ends with (`nil` if it succeeded).
    func callMissing() async -> RPCError.Code? {
        do {
            _ = try await client.unary(
                request: ClientRequest(message: [UInt8]()), descriptor: GRPCBenchMethod.missing,
                serializer: GRPCBytesSerializer(), deserializer: GRPCBytesDeserializer(), options: .defaults
            ) { response in try response.message }
            return nil
        } catch let error as RPCError {
            return error.code
        } catch {
            return .unknown
        }
    }

    func runLoops(concurrency: Int, recorder: CallRecorder) async {
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<concurrency {
                group.addTask {
                    while true {
                        let startedAt = MonotonicClock.nanoseconds()
                        do {
                            let response = try await self.echo()
                            guard response == Workload.expectedResponse else {
                                recorder.callFailed("grpc-swift: unexpected response \(response)")
                                return
                            }
                            if !recorder.callSucceeded(startedAt: startedAt) { return }
                        } catch {
                            recorder.callFailed("grpc-swift: \(error)")
                            return
                        }
                    }
                }
            }
        }
    }

    func shutdown() async {
        client.beginGracefulShutdown()
        await connections.value
    }
}
