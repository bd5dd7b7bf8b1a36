// Any+JSON.swift: google.protobuf.Any in JSON: "@type" plus the payload's fields, or "value" for well-known types.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension Google_Protobuf_Any {
    /// Well-known types whose JSON form is not an object: inside an `Any` they go under `"value"`.
    static let valueWrapped: Set<String> = [
        "google.protobuf.Any", "google.protobuf.Duration", "google.protobuf.Timestamp",
        "google.protobuf.FieldMask", "google.protobuf.Struct", "google.protobuf.Value",
        "google.protobuf.ListValue", "google.protobuf.DoubleValue", "google.protobuf.FloatValue",
        "google.protobuf.Int64Value", "google.protobuf.UInt64Value", "google.protobuf.Int32Value",
        "google.protobuf.UInt32Value", "google.protobuf.BoolValue", "google.protobuf.StringValue",
        "google.protobuf.BytesValue",
    ]

    /// `{"@type": "type.googleapis.com/pkg.Msg", <the payload's fields>}`, or for a
    /// well-known type `{"@type": ..., "value": <its JSON>}`; an empty `Any` is `{}`. The type
    /// must be in ``JSONEncodingOptions/typeRegistry`` (or be a well-known type).
    public func _protoWriteJSON(_ w: inout JSONWriter) throws(WireError) {
        if typeURL.isEmpty && value.isEmpty {
            w.beginObject()
            w.endObject()
            return
        }
        guard let type = w.options.typeRegistry.type(named: typeURL) else {
            throw WireError(.notRepresentableInJSON, offset: nil,
                            "an Any holds '\(typeURL)', which is not in JSONEncodingOptions.typeRegistry; register the message type")
        }
        try writePayload(type, &w)
    }

    private func writePayload<M: ProtoMessage>(_: M.Type, _ w: inout JSONWriter) throws(WireError) {
        let message: M
        do {
            message = try M(serializedBytes: value, options: DecodingOptions(allowPartial: true))
        } catch {
            throw WireError(.notRepresentableInJSON, offset: nil, "an Any's payload does not decode as \(M.protoMessageName): \(error)")
        }
        w.beginObject()
        w.key("@type")
        w.writeString(typeURL)
        if Google_Protobuf_Any.valueWrapped.contains(M.protoMessageName) {
            w.key("value")
            try message._protoWriteJSON(&w)
        } else {
            var inner = JSONWriter(options: w.options)
            try message._protoWriteJSON(&inner)
            // inner is "{...}": splice its members after "@type".
            if inner.bytes.count > 2 {
                w.append(0x2C)
                w.buffer.append(contentsOf: inner.buffer[1..<(inner.buffer.count - 1)])
            }
        }
        w.endObject()
    }

    /// Reads `{"@type": ..., ...}`: `"@type"` may come anywhere among the members; the type
    /// is resolved through ``JSONDecodingOptions/typeRegistry`` and the payload is stored
    /// in binary form. `{}` is an empty `Any`.
    public mutating func _protoMergeJSON(_ r: inout JSONReader) throws(WireError) {
        r.skipWhitespace()
        let objectStart = r.pointer
        try r.beginObject()
        // First pass: find "@type", validating everything else.
        var first = true
        var url: String?
        var keys = Set<String>()
        while let key = try r.nextKey(&first) {
            let name = key.string
            guard keys.insert(name).inserted else {
                throw r.error(.duplicateJSONKey, at: r.start + key.offset, "the key '\(name)' appears twice in one object")
            }
            if name == "@type" {
                url = try r.readString()
            } else {
                try r.skipValue()
            }
        }
        guard let url else {
            if keys.isEmpty { return }
            throw r.error(.invalidJSONValue, at: objectStart, "a google.protobuf.Any object has fields but no \"@type\"")
        }
        guard let type = r.options.typeRegistry.type(named: url) else {
            throw r.error(.invalidJSONValue, at: objectStart,
                          "the Any's \"@type\" '\(url)' is not in JSONDecodingOptions.typeRegistry; register the message type")
        }
        let afterObject = r.pointer
        r.pointer = objectStart
        try readPayload(type, url: url, &r)
        r.pointer = afterObject
    }

    private mutating func readPayload<M: ProtoMessage>(_: M.Type, url: String, _ r: inout JSONReader) throws(WireError) {
        var message = M()
        if Google_Protobuf_Any.valueWrapped.contains(M.protoMessageName) {
            try r.beginObject()
            var first = true
            while let key = try r.nextKey(&first) {
                if key.equals("value") {
                    try r.readMessage(into: &message)
                } else if key.equals("@type") || r.ignoreUnknownFields {
                    try r.skipValue()
                } else {
                    throw r.error(.unknownJSONField, at: r.start + key.offset,
                                  "an Any holding \(M.protoMessageName) has only \"@type\" and \"value\", not '\(key.string)'")
                }
            }
        } else {
            let saved = r.anyTypeDepth
            r.anyTypeDepth = r.depth
            try message._protoMergeJSON(&r)
            r.anyTypeDepth = saved
        }
        typeURL = url
        value = message.serializedData(options: EncodingOptions(deterministic: true))
    }
}
