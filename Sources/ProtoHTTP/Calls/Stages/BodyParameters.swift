// BodyParameters.swift: the manager's general parameters placed for one call: merged into a form, JSON or multipart body, or left for the query or a header (pure).
import Foundation
import HTTPTypes
import ProtoHTTPCore
import ProtoWire

/// Where one call's general parameters end up under a ``ParameterPlacement``, and the merging
/// itself. Pure: the bytes of a body are only ever added to, never re-encoded.
enum BodyParameters {
    /// Where the parameters of one call go.
    enum Place: Equatable {
        case query
        case body
        case header(HTTPField.Name)
    }

    /// Where `placement` puts the parameters of a `method` call with `body` (`nil`: none).
    static func place(_ placement: ParameterPlacement, method: HTTPMethod, body: SerializedBody?) -> Place {
        guard placement.rule != .query, let body, canMerge(into: body) || placement.rule == .automatic else { return .query }
        if placement.rule == .automatic && [HTTPMethod.get, .head, .delete].contains(method) { return .query }
        if canMerge(into: body) { return .body }
        return placement.protobufHeader.map(Place.header) ?? .query
    }

    /// Whether `body` is a kind parameters merge into: a form, a JSON object, a multipart form.
    static func canMerge(into body: SerializedBody) -> Bool {
        if body.form != nil { return true }
        if body.filePath != nil { return false }  // a file is sent as it is on disk
        guard let contentType = body.contentType else { return false }
        let media = MediaType(contentType)
        if media.essence == "application/x-www-form-urlencoded" { return true }
        return media.kind == .json && jsonObjectKeys(body.bytes) != nil
    }

    /// `body` with `parameters` added, those whose name it already has left out. `body` must
    /// be one ``canMerge(into:)`` accepts; another comes back unchanged.
    static func merging(_ parameters: [String: String], into body: SerializedBody) -> SerializedBody {
        var merged = body
        if var form = body.form {
            let present = Set(form.parts.map(\.name))
            for (name, value) in parameters.sorted(by: { $0.key < $1.key }) where !present.contains(name) {
                form.append(.string(name, value))
            }
            merged.form = form
            return merged
        }
        guard let contentType = body.contentType else { return body }
        if MediaType(contentType).essence == "application/x-www-form-urlencoded" {
            let present = Set(formKeys(body.bytes))
            let added = parameters.filter { !present.contains($0.key) }
            guard !added.isEmpty else { return body }
            let encoded = Array(FormURLEncodedRequestSerializer.encode(added).utf8)
            var bytes = body.bytes
            if !bytes.isEmpty { bytes.append(UInt8(ascii: "&")) }
            bytes.append(contentsOf: encoded)
            merged.bytes = bytes
            return merged
        }
        guard let present = jsonObjectKeys(body.bytes), let open = body.bytes.firstIndex(of: UInt8(ascii: "{")) else { return body }
        let added = parameters.filter { !present.contains($0.key) }.sorted { $0.key < $1.key }
        guard !added.isEmpty else { return body }
        var members = added.map { JSONText.quoted($0.key) + ":" + JSONText.quoted($0.value) }.joined(separator: ",")
        if !present.isEmpty { members += "," }
        var bytes = Array(body.bytes[...open])
        bytes.append(contentsOf: members.utf8)
        bytes.append(contentsOf: body.bytes[(open + 1)...])
        merged.bytes = bytes
        return merged
    }

    /// The member names of a JSON object body; `nil` when the body is not a JSON object.
    static func jsonObjectKeys(_ bytes: [UInt8]) -> Set<String>? {
        guard let document = try? Google_Protobuf_Value(jsonUTF8Bytes: bytes), case .structValue(let object)? = document.kind else { return nil }
        return Set(object.fields.keys)
    }

    /// The names of a form body's pairs, percent-decoded.
    private static func formKeys(_ bytes: [UInt8]) -> [String] {
        String(decoding: bytes, as: UTF8.self).split(separator: "&").map { pair in
            let name = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
            return (name.replacingOccurrences(of: "+", with: " ").removingPercentEncoding) ?? name
        }
    }
}

/// JSON string literals for the members merged into a body.
enum JSONText {
    /// `text` as a JSON string literal: quoted, with `"`, `\` and control characters escaped.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
