// ConnectGetRequest.swift: reads Connect's unary GET query (connect, encoding, base64, compression, message) into a request body.
import ProtoWire
import ProtoHTTPCore

/// The parts of a Connect unary GET (connectrpc.com/docs/protocol, "Unary-Get-Request"):
/// `?connect=v1&encoding=proto|json[&base64=1][&compression=gzip]&message=…`.
struct ConnectGetRequest: Equatable {
    /// The message's encoding.
    var encoding: BodyEncoding
    /// The `compression` parameter, as a `Content-Encoding` (`nil` for none).
    var compression: String?
    /// The message bytes, percent- and base64-decoded, still compressed if ``compression`` says so.
    var message: [UInt8]

    /// Reads the query of `uri`, or the Connect error to answer.
    static func parse(_ uri: String) -> Result<ConnectGetRequest, ServerError> {
        let parameters = QueryString.parameters(of: uri)
        func bytes(_ name: String) -> [UInt8]? { parameters.first { $0.name == name }?.value }
        // The control parameters are ASCII words; a byte that is not UTF-8 shows as U+FFFD in the error.
        func value(_ name: String) -> String? { bytes(name).map { String(decoding: $0, as: UTF8.self) } }

        if let version = value("connect"), version != "v1" {
            return .failure(ServerError(.connect, .invalidArgument,
                                        "connect=\(version) is not a Connect protocol version this server speaks; send connect=v1."))
        }
        let encoding: BodyEncoding
        switch value("encoding") {
        case "proto": encoding = .binary
        case "json": encoding = .json
        case let other:
            let accepted = "encoding=proto or encoding=json"
            return .failure(ServerError(
                .connect, .unimplemented,
                other.map { "encoding=\($0) is not supported; a Connect GET takes \(accepted)." }
                    ?? "the Connect GET has no encoding parameter; add \(accepted).",
                httpStatus: 415,
                headers: [.acceptPost: RPCProtocol.connect.acceptedMediaTypes.joined(separator: ", ")]
            ))
        }
        // The message stays bytes: a binary or compressed message sent percent-encoded (without
        // base64=1) must reach the decoder exactly, and a JSON message that is not UTF-8 must
        // fail there, not be patched with U+FFFD.
        guard var message = bytes("message") else {
            return .failure(ServerError(.connect, .invalidArgument, "the Connect GET has no message parameter; send the request message in message=…."))
        }
        switch value("base64") {
        case nil, "0":
            break
        case "1":
            guard let decoded = message.withUnsafeBytes({ Base64.decode($0) }) else {
                return .failure(ServerError(.connect, .invalidArgument,
                                            "the message parameter is not valid base64 (base64=1); encode the message with the URL-safe alphabet, padding optional."))
            }
            message = decoded
        case let other?:
            return .failure(ServerError(.connect, .invalidArgument, "base64=\(other) is not valid; send base64=1 for a base64 message, or leave it out."))
        }
        let compression = value("compression").flatMap { $0 == "identity" || $0.isEmpty ? nil : $0 }
        return .success(ConnectGetRequest(encoding: encoding, compression: compression, message: message))
    }
}

/// The name-value pairs of a URL's query, percent-decoded, `+` read as a space (as Go's and
/// Python's URL parsers read it); invalid escapes are kept as written. Values are bytes, exactly
/// as the escapes spell them; names are text (bytes that are not UTF-8 become U+FFFD, and then
/// match no parameter name).
enum QueryString {
    static func parameters(of uri: String) -> [(name: String, value: [UInt8])] {
        guard let start = uri.firstIndex(of: "?") else { return [] }
        var query = uri[uri.index(after: start)...]
        if let fragment = query.firstIndex(of: "#") { query = query[..<fragment] }
        return query.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (String(decoding: decode(parts[0]), as: UTF8.self), parts.count > 1 ? decode(parts[1]) : [])
        }
    }

    /// The bytes `text` spells, with `%XX` escapes and `+` decoded.
    static func decode(_ text: Substring) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = Array(text.utf8)[...]
        while let byte = iterator.popFirst() {
            switch byte {
            case UInt8(ascii: "+"):
                bytes.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                if iterator.count >= 2, let high = hex(iterator[iterator.startIndex]), let low = hex(iterator[iterator.startIndex + 1]) {
                    bytes.append(high << 4 | low)
                    iterator = iterator.dropFirst(2)
                } else {
                    bytes.append(byte)
                }
            default:
                bytes.append(byte)
            }
        }
        return bytes
    }

    private static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
