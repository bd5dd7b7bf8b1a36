// CallCommand.swift: `protohttp call URL --proto FILE`: one RPC of a service known only from its .proto, a descriptor set or the server's reflection.
import ArgumentParser
import Foundation
import ProtoHTTP
import HTTPTypes
import ProtoHTTPCore

/// Calls one method of any Connect, Twirp, gRPC, gRPC-Web or plain service: the request JSON is read
/// with the method's input type and sent in binary protobuf (buf curl's default) or JSON;
/// the response is printed as indented canonical proto3 JSON. A streaming method sends each
/// JSON value of `-d` as one request message and prints each response as it arrives
/// (``stream(_:url:headers:conversion:)``).
struct CallCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "call",
        abstract: "Call an RPC method described by a .proto file, a descriptor set or the server's reflection.",
        discussion: """
        URL is http(s)://host[:port][/prefix]/pkg.Service/Method. For --protocol twirp the route is \
        <prefix>/twirp/pkg.Service/Method: /twirp is added unless the prefix already ends in it. \
        --protocol grpc speaks HTTP/2 (h2c with prior knowledge for http://, ALPN over https://); \
        grpcweb speaks gRPC-Web over HTTP/1.1, or HTTP/2 with --http2-prior-knowledge or over https.

        The request is proto3 JSON of the method's input type (-d; none sends the empty message), \
        sent as binary protobuf by default (as buf curl does) or as JSON with --json. The response \
        is printed on standard output as canonical proto3 JSON, indented.

        Streaming methods (Connect, gRPC, gRPC-Web): -d holds any number of JSON values one after \
        the other, each one request message, sent in order (from @- each as soon as it is whole, so a \
        bidirectional call can be typed a line at a time); a server-streaming method takes exactly one. \
        Each response message is printed as it arrives; -v prints the request's headers as it starts \
        and the response's headers and trailers once it has ended.

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
            let conversion = try MessageConversion(catalog)
            if method.clientStreaming || method.serverStreaming {
                if get { throw CLIError(.usage, "--get is for unary methods; \(method.service)/\(method.name) is a \(method.kind) method.") }
                return try await stream(method, url: url, headers: headers, conversion: conversion)
            }
            if get && method.idempotencyLevel != .noSideEffects {
                throw CLIError(.usage, "--get needs a method marked option idempotency_level = NO_SIDE_EFFECTS (Connect servers answer GET only for those); \(method.service)/\(method.name) is not.")
            }
            let source = data.map { $0.hasPrefix("@") ? "the request in \($0.dropFirst())" : "-d" } ?? "the empty request"
            let body = EncodedMessage(bytes: try request(RequestData.read(data), method: method, conversion: conversion, source: source),
                                      encoding: encoding == .json ? .json : .binary)
            let reply = try await withManager(url: url, headers: headers) { manager in
                do throws(ProtoHTTPError) {
                    return try await manager.unaryEncoded(method.descriptor(), body).output
                } catch {
                    throw failure(error, conversion: conversion)
                }
            }
            print(JSONIndentation.indent(try response(reply.bytes, encoding: reply.encoding, method: method, conversion: conversion)))
        }
    }

    /// The request message `json` as the call sends it: binary, or canonical JSON with `--json`.
    func request(_ json: [UInt8], method: SchemaCatalog.Method, conversion: MessageConversion, source: String) throws(CLIError) -> [UInt8] {
        encoding == .json
            ? try conversion.canonicalJSON(json, type: method.inputType, source: source)
            : try conversion.binary(fromJSON: json, type: method.inputType, source: source)
    }

    /// A response message as canonical JSON, from the encoding it came in.
    func response(_ bytes: [UInt8], encoding: BodyEncoding, method: SchemaCatalog.Method, conversion: MessageConversion,
                  source: String = "the response") throws(CLIError) -> [UInt8] {
        encoding == .json
            ? try conversion.canonicalJSON(bytes, type: method.outputType, source: source, lenient: true)
            : try conversion.json(fromBinary: bytes, type: method.outputType, source: source)
    }

    /// Runs `body` with a manager for `url` on a transport of its own, shut down once `body` returns.
    func withManager<T>(url: CallURL, headers: HTTPFields, _ body: (ProtoHTTPManager) async throws -> T) async throws -> T {
        var configuration = ManagerConfiguration(baseURL: wireProtocol.baseURL(for: url))
        configuration.wireProtocol = wireProtocol.wireProtocol(for: url, get: get)
        configuration.headers = headers
        configuration.timeout = timeout.map { .seconds($0) }
        if verbose { configuration.interceptors = [VerboseExchange()] }
        let transport: HTTPTransport
        let manager: ProtoHTTPManager
        do throws(ProtoHTTPError) {
            transport = try HTTPTransport(configuration: connection.transportConfiguration(timeout: timeout))
            do {
                manager = try ProtoHTTPManager(configuration: configuration, transport: transport)
            } catch {
                transport.shutdown()
                throw error
            }
        } catch {
            throw CLIError(.transport, error.description + connection.certificateHint(error))
        }
        defer { transport.shutdown() }
        return try await body(manager)
    }

    /// What a failed call ends the command with: an RPC error is printed (status 1); no answer
    /// at all is a transport failure (status 2).
    func failure(_ error: ProtoHTTPError, conversion: MessageConversion) -> any Error {
        guard error.httpStatus != nil else {
            return CLIError(.transport, error.description + connection.certificateHint(error))
        }
        RPCErrorReport.print(error, conversion: conversion)
        return ExitCode(1)
    }
}
