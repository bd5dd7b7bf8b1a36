// CallCommand.swift: `protohttp call URL --proto FILE`: one unary RPC of a service known only from its .proto (or descriptor set).
import ArgumentParser
import Foundation
import ProtoHTTP
import HTTPTypes
import ProtoHTTPCore

/// Calls one unary method of any Connect, Twirp, gRPC, gRPC-Web or plain service: the request JSON is read
/// with the method's input type and sent in binary protobuf (buf curl's default) or JSON;
/// the response is printed as indented canonical proto3 JSON.
struct CallCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "call",
        abstract: "Call a unary RPC method described by a .proto file or a descriptor set.",
        discussion: """
        URL is http(s)://host[:port][/prefix]/pkg.Service/Method. For --protocol twirp the route is \
        <prefix>/twirp/pkg.Service/Method: /twirp is added unless the prefix already ends in it. \
        --protocol grpc speaks HTTP/2 (h2c with prior knowledge for http://, ALPN over https://); \
        grpcweb speaks gRPC-Web over HTTP/1.1, or HTTP/2 with --http2-prior-knowledge or over https.

        The request is proto3 JSON of the method's input type (-d; none sends the empty message), \
        sent as binary protobuf by default (as buf curl does) or as JSON with --json. The response \
        is printed on standard output as canonical proto3 JSON, indented.

        Exit status: 0 on success; 1 when the server answers with an RPC error, printed on standard \
        error as "code: message" (Connect code names such as not_found, for every protocol), then one line per error \
        detail ("detail pkg.Type: {json}", decoded when the schema has the type) and per Twirp meta \
        entry ("meta key: value"); 2 when no answer arrives (connection refused, --timeout passed, a \
        malformed URL); 64 for usage errors (arguments, schema, an unknown service or method).
        """
    )

    @Argument(help: ArgumentHelp("The method's URL: http(s)://host[:port][/prefix]/pkg.Service/Method.", valueName: "url"))
    var url: String

    @OptionGroup var schema: SchemaOptions

    @Option(name: [.customShort("d"), .customLong("data")], help: ArgumentHelp(
        "The request as proto3 JSON: inline, @FILE to read a file, @- to read standard input (default: {}).", valueName: "json"))
    var data: String?

    @Option(name: .customLong("protocol"), help: ArgumentHelp("connect, twirp, plain, grpc or grpcweb.", valueName: "protocol"))
    var wireProtocol: WireProtocolChoice = .connect

    @Flag(help: "The body encoding: binary protobuf (the default) or proto3 JSON.")
    var encoding: EncodingFlag = .binary

    @Option(name: [.customShort("H"), .customLong("header")], help: ArgumentHelp(
        "A request header, 'Name: value' (repeatable).", valueName: "header"))
    var headers: [String] = []

    @Option(help: ArgumentHelp("The whole call's deadline in seconds (default: none); Connect sends it as Connect-Timeout-Ms, gRPC as grpc-timeout.", valueName: "seconds"))
    var timeout: Double?

    @Flag(help: "Send as a Connect GET (only --protocol connect, only methods marked NO_SIDE_EFFECTS).")
    var get = false

    @OptionGroup var connection: ConnectionOptions

    @Flag(name: [.customShort("v"), .customLong("verbose")], help: "Print the request's and the response's headers, and the response's trailers, on standard error.")
    var verbose = false

    /// `--binary` or `--json`.
    enum EncodingFlag: String, EnumerableFlag {
        case binary, json
    }

    func validate() throws {
        if let timeout, !(timeout > 0 && timeout.isFinite) {
            throw ValidationError("--timeout takes a positive number of seconds, such as 2 or 0.5.")
        }
        if get && wireProtocol != .connect {
            throw ValidationError("--get is Connect's GET; it needs --protocol connect (the default).")
        }
    }

    func run() async throws {
        try await reportingFailures {
            let url = try CallURL(self.url)
            let headers = try HeaderArgument.parse(self.headers)
            let catalog = try await schema.load(reflectingAt: schema.isGiven ? nil : url.serverURL, only: url.service,
                                                connection: connection)
            let method = try catalog.method(service: url.service, name: url.method)
            guard !method.clientStreaming && !method.serverStreaming else {
                throw CLIError(.usage, "\(method.service)/\(method.name) is a streaming method; protohttp call makes unary calls only.")
            }
            if get && method.idempotencyLevel != .noSideEffects {
                throw CLIError(.usage, "--get needs a method marked option idempotency_level = NO_SIDE_EFFECTS (Connect servers answer GET only for those); \(method.service)/\(method.name) is not.")
            }
            let conversion = try MessageConversion(catalog)
            let requestJSON = try RequestData.read(data)
            let source = data.map { $0.hasPrefix("@") ? "the request in \($0.dropFirst())" : "-d" } ?? "the empty request"
            let body: EncodedMessage
            if encoding == .json {
                body = EncodedMessage(bytes: try conversion.canonicalJSON(requestJSON, type: method.inputType, source: source), encoding: .json)
            } else {
                body = EncodedMessage(bytes: try conversion.binary(fromJSON: requestJSON, type: method.inputType, source: source), encoding: .binary)
            }
            let reply = try await send(body, method: method, url: url, headers: headers, conversion: conversion)
            let json: [UInt8]
            if reply.encoding == .json {
                json = try conversion.canonicalJSON(reply.bytes, type: method.outputType, source: "the response", lenient: true)
            } else {
                json = try conversion.json(fromBinary: reply.bytes, type: method.outputType, source: "the response")
            }
            print(JSONIndentation.indent(json))
        }
    }

    /// Makes the call; an RPC error is printed and ends the command with status 1.
    private func send(_ body: EncodedMessage, method: SchemaCatalog.Method, url: CallURL, headers: HTTPFields,
                      conversion: MessageConversion) async throws -> EncodedMessage {
        let transportConfiguration = connection.transportConfiguration(timeout: timeout)
        var configuration = ManagerConfiguration(baseURL: wireProtocol.baseURL(for: url))
        configuration.wireProtocol = wireProtocol.wireProtocol(for: url, get: get)
        configuration.headers = headers
        configuration.timeout = timeout.map { .seconds($0) }
        if verbose { configuration.interceptors = [VerboseExchange()] }
        do throws(ProtoHTTPError) {
            let transport = try HTTPTransport(configuration: transportConfiguration)
            defer { transport.shutdown() }
            let manager = try ProtoHTTPManager(configuration: configuration, transport: transport)
            return try await manager.unaryEncoded(method.descriptor(), body).output
        } catch {
            guard error.httpStatus != nil else {
                throw CLIError(.transport, error.description + connection.certificateHint(error))
            }
            RPCErrorReport.print(error, conversion: conversion)
            throw ExitCode(1)
        }
    }
}
