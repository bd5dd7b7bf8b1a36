// GRPCSwiftServeCommand.swift: the hidden `--serve-grpc-swift` mode: rpc-bench re-run as grpc-swift 2's server, Echo over h2c.
import BenchProcesses
#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import GRPCCore
import GRPCNIOTransportHTTP2
import ProtoWire

/// What the grpc-swift server child runs: `rpc-bench --serve-grpc-swift`.
///
/// ```
///  start grpc-swift 2's GRPCServer (HTTP2ServerTransport.Posix, plaintext) on 127.0.0.1:0
///  print "PORT <n>" on standard output
///  serve until standard input ends, then shut down gracefully
/// ```
///
/// Its Echo does what ``BenchService`` does on ProtoHTTPServer: decode the request with
/// ProtoWire, compare it with ``Workload/request()`` (a wrong one is `invalid_argument`), and
/// answer ``Workload/expectedResponse`` encoded with ProtoWire.
enum GRPCSwiftServeCommand {
    /// The hidden first argument that selects this mode.
    static let flag = "--serve-grpc-swift"

    /// Runs the server; returns the exit status.
    static func run(_ arguments: [String]) async -> Int32 {
        guard arguments.isEmpty else {
            report("\(flag) takes no arguments, got \(arguments)")
            return 2
        }
        let transport = HTTP2ServerTransport.Posix(address: .ipv4(host: "127.0.0.1", port: 0), transportSecurity: .plaintext)
        let server = GRPCServer(transport: transport, services: [EchoService()])
        return await withTaskGroup(of: Int32.self) { group in
            group.addTask {
                do {
                    try await server.serve()
                    return 0
                } catch {
                    report("\(flag): \(error)")
                    return 1
                }
            }
            guard let port = try? await transport.listeningAddress.ipv4?.port else {
                report("\(flag): the server started without a port")
                server.beginGracefulShutdown()
                return 1
            }
            print("PORT \(port)")
            fflush(nil)
            await waitForEndOfInput()
            server.beginGracefulShutdown()
            return await group.next() ?? 0
        }
    }

    /// Returns when standard input reaches its end, reading it off the cooperative pool.
    private static func waitForEndOfInput() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                var byte: UInt8 = 0
                while true {
                    let count = read(0, &byte, 1)
                    if count == 0 || (count < 0 && errno != EINTR) { break }
                }
                continuation.resume()
            }
        }
    }

    /// `protohttp.bench.Bench/Echo`, and the streams' Feed and Chat (``StreamWorkload``), hand-registered.
    struct EchoService: RegistrableRPCService {
        func registerMethods<Transport: ServerTransport>(with router: inout RPCRouter<Transport>) {
            router.registerHandler(forMethod: GRPCBenchMethod.echo, deserializer: GRPCBytesDeserializer(), serializer: GRPCBytesSerializer()) {
                request, _ in
                var received: [UInt8]?
                for try await message in request.messages where received == nil { received = message }
                guard let received, let decoded = try? Workload.Message(serializedBytes: received), decoded == BenchService.expectedRequest else {
                    throw RPCError(code: .invalidArgument, message: "rpc-bench: unexpected request")
                }
                return StreamingServerResponse(single: ServerResponse(message: Workload.expectedResponse.serializedBytes()))
            }
            router.registerHandler(forMethod: StreamWorkload.grpcFeed, deserializer: GRPCBytesDeserializer(), serializer: GRPCBytesSerializer()) {
                request, _ in
                var received: [UInt8]?
                for try await message in request.messages where received == nil { received = message }
                guard let received, let decoded = try? Workload.Message(serializedBytes: received) else {
                    throw RPCError(code: .invalidArgument, message: "rpc-bench: unexpected request")
                }
                return StreamingServerResponse(of: [UInt8].self) { writer in
                    for _ in 0..<max(0, Int(decoded.id)) { try await writer.write(Workload.expectedResponse.serializedBytes()) }
                    return [:]
                }
            }
            router.registerHandler(forMethod: StreamWorkload.grpcChat, deserializer: GRPCBytesDeserializer(), serializer: GRPCBytesSerializer()) {
                request, _ in
                StreamingServerResponse(of: [UInt8].self) { writer in
                    for try await message in request.messages {
                        guard let decoded = try? Workload.Message(serializedBytes: message), decoded == BenchService.expectedRequest else {
                            throw RPCError(code: .invalidArgument, message: "rpc-bench: unexpected request")
                        }
                        try await writer.write(Workload.expectedResponse.serializedBytes())
                    }
                    return [:]
                }
            }
        }
    }
}
