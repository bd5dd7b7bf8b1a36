// SwiftProtobufCallTests.swift: swift-protobuf messages through ProtoHTTP's manager and server over a socket, every HTTP/1.1 protocol, binary and JSON, and the errors.
import Foundation
import ProtoHTTP
import ProtoHTTPCore
import ProtoHTTPServer
import ProtoHTTPSwiftProtobuf
import SwiftProtobuf
import Testing

@Suite("swift-protobuf messages over ProtoHTTP")
struct SwiftProtobufCallTests {
    typealias StringValue = SwiftProtobuf.Google_Protobuf_StringValue
    typealias Timestamp = SwiftProtobuf.Google_Protobuf_Timestamp

    /// `echo.Echo/Say` upper-cases its StringValue, `Stamp` answers a Timestamp of the string's
    /// length in seconds, `Refuse` fails with `not_found`; all on swift-protobuf's types.
    static let echo = ServiceDefinition(name: "echo.Echo", methods: [
        .unary("/echo.Echo/Say", StringValue.self, StringValue.self) { request, _ in
            StringValue.with { $0.value = request.value.uppercased() }
        },
        .unary("/echo.Echo/Stamp", StringValue.self, Timestamp.self) { request, _ in
            Timestamp.with { $0.seconds = Int64(request.value.count) }
        },
        .unary("/echo.Echo/Refuse", StringValue.self, StringValue.self) { request, _ in
            throw ProtoHTTPError(code: .notFound, message: "no \(request.value)")
        },
    ])

    static func withServer(_ body: (Int) async throws -> Void) async throws {
        var configuration = ServerConfiguration(host: "127.0.0.1", port: 0, accessLog: false)
        configuration.logger.logLevel = .critical
        let server = try ProtoHTTPServer(configuration: configuration, services: [echo])
        try await server.start()
        do {
            try await body(server.port ?? 0)
        } catch {
            await server.shutdown()
            throw error
        }
        await server.shutdown()
    }

    static func manager(_ port: Int, _ wireProtocol: any WireProtocol, _ encoding: BodyEncoding) throws -> ProtoHTTPManager {
        var configuration = ManagerConfiguration(baseURL: "http://127.0.0.1:\(port)")
        configuration.wireProtocol = wireProtocol
        configuration.encoding = encoding
        configuration.timeout = .seconds(30)
        return try ProtoHTTPManager(configuration: configuration)
    }

    @Test("a handler on swift-protobuf types answers a call with them, over Connect, Twirp and gRPC-Web, binary and JSON",
          arguments: ["connect", "twirp", "grpc-web"], [BodyEncoding.binary, .json])
    func roundTrip(_ name: String, _ encoding: BodyEncoding) async throws {
        try await Self.withServer { port in
            let wireProtocol: any WireProtocol = switch name {
            case "twirp": TwirpProtocol()
            case "grpc-web": GRPCWebProtocol()
            default: ConnectProtocol()
            }
            let manager = try Self.manager(port, wireProtocol, encoding)
            defer { manager.transport.shutdown() }
            let reply = try await manager.post("/echo.Echo/Say", StringValue.with { $0.value = "hello" }, as: StringValue.self)
            #expect(reply.value == "HELLO")
            let stamp = try await manager.postForResponse("/echo.Echo/Stamp", StringValue.with { $0.value = "four" }, as: Timestamp.self)
            #expect(stamp.output.seconds == 4)
            #expect(stamp.metadata.status == 200)
            let refused = await #expect(throws: ProtoHTTPError.self) {
                _ = try await manager.post("/echo.Echo/Refuse", StringValue.with { $0.value = "such note" }, as: StringValue.self)
            }
            #expect(refused?.code == .notFound && refused?.message == "no such note")
        }
    }

    @Test("bytes that are not the request's message get invalid_argument from the server, and nothing runs")
    func badRequestBytes() async throws {
        try await Self.withServer { port in
            let manager = try Self.manager(port, ConnectProtocol(), .binary)
            defer { manager.transport.shutdown() }
            // A BytesValue whose bytes are not UTF-8: read as a StringValue, its string is invalid.
            let wrong = SwiftProtobuf.Google_Protobuf_BytesValue.with { $0.value = Data([0x0A, 0xFF]) }
            let error = await #expect(throws: ProtoHTTPError.self) {
                _ = try await manager.post("/echo.Echo/Say", wrong, as: StringValue.self)
            }
            #expect(error?.code == .invalidArgument, "\(String(describing: error))")
        }
    }

    @Test("a response that is not valid for its type fails the call clearly on the client")
    func badResponseBytes() async throws {
        try await Self.withServer { port in
            let manager = try Self.manager(port, ConnectProtocol(), .json)
            defer { manager.transport.shutdown() }
            // The server answers a Timestamp; read as a StringValue its JSON string is not a string value's.
            let error = await #expect(throws: ProtoHTTPError.self) {
                _ = try await manager.post("/echo.Echo/Stamp", StringValue.with { $0.value = "x" }, as: SwiftProtobuf.Google_Protobuf_Int64Value.self)
            }
            #expect(error != nil && error?.message.contains("Int64Value") == true, "\(String(describing: error))")
        }
    }
}
