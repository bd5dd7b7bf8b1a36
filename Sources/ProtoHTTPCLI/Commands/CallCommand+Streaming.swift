// CallCommand+Streaming.swift: `protohttp call` of a streaming method: each -d value sent as a request message, each response printed as it arrives.
import ArgumentParser
import Foundation
import HTTPTypes
import ProtoHTTP
import ProtoHTTPCore

extension CallCommand {
    /// Calls a server-streaming, client-streaming or bidirectional method: the JSON values of
    /// `-d` go out one message each while the responses are printed, each as it arrives (a
    /// task sends, this one reads, so over HTTP/2 a bidirectional call flows both ways at once).
    /// A method whose client does not stream takes exactly one value.
    ///
    /// A request that is not valid JSON of the input type stops the call and is a usage error
    /// (status 64), whatever the server had answered by then; an RPC error the stream ends with
    /// is printed as for unary calls (status 1).
    func stream(_ method: SchemaCatalog.Method, url: CallURL, headers: HTTPFields, conversion: MessageConversion) async throws {
        guard wireProtocol != .twirp && wireProtocol != .plain else {
            throw CLIError(.usage, "\(method.service)/\(method.name) is a \(method.kind) method and \(wireProtocol.rawValue) has no streams; call it with --protocol connect, grpc or grpcweb.")
        }
        var options = CallOptions(encoding: encoding == .json ? .json : .binary)
        if let timeout { options.timeout = .seconds(timeout) }
        try await withManager(url: url, headers: headers) { manager in
            let call = manager.encodedStream(method.descriptor(), options: options)
            let sender = Task { try await send(RequestValues.stream(data), on: call, method: method, conversion: conversion) }
            var received = 0
            var unreadable: CLIError?
            var failed: ProtoHTTPError?
            do throws(ProtoHTTPError) {
                for try await payload in call.responses {
                    received += 1
                    let json: [UInt8]
                    do throws(CLIError) {
                        json = try response(payload, encoding: call.encoding, method: method, conversion: conversion,
                                            source: "response message \(received)")
                    } catch {
                        // Not a message of the schema's output type: the schema is not the server's.
                        unreadable = error
                        call.cancel()
                        sender.cancel()
                        break
                    }
                    print(JSONIndentation.indent(json))
                    fflush(nil)  // each message reaches a pipe as it arrives
                }
            } catch {
                failed = error
            }
            if let unreadable { throw unreadable }
            if let failed {
                // A request the command could not send stopped the call: that is what went wrong.
                if case .failure(let refusal as CLIError) = await sender.result { throw refusal }
                throw failure(failed, conversion: conversion)
            }
            // The server ended the stream well; requests still being read (from a terminal) are not needed.
            sender.cancel()
            if case .failure(let refusal as CLIError) = await sender.result { throw refusal }
        }
    }

    /// Sends each of `values` as one request message, then ends the requests; a method whose
    /// client does not stream takes exactly one. Any failure cancels the call.
    private func send(_ values: AsyncThrowingStream<[UInt8], any Error>, on call: EncodedStream,
                      method: SchemaCatalog.Method, conversion: MessageConversion) async throws {
        do {
            var count = 0
            for try await value in values {
                count += 1
                if !method.clientStreaming && count > 1 {
                    throw CLIError(.usage, "\(method.service)/\(method.name) is a \(method.kind) method: it takes one request message, and -d holds more than one JSON value.")
                }
                try await call.send(try request(value, method: method, conversion: conversion, source: "request message \(count)"))
            }
            if !method.clientStreaming && count == 0 {
                throw CLIError(.usage, "\(method.service)/\(method.name) is a \(method.kind) method: it takes one request message, and -d holds none.")
            }
            call.finishSending()
        } catch is CancellationError {
            call.finishSending()
        } catch let error as CLIError {
            call.cancel()
            throw error
        } catch {
            // The call ended while sending (the server answered early, the deadline passed):
            // the response side reports how.
            call.finishSending()
        }
    }
}
