// MessageRoundTrips.swift: the round-trip properties the codec targets check on whatever decodes.
import ProtoWire

/// Whether two messages hold the same content: `==`, or, where `==` cannot say so (a NaN is
/// not equal to itself), the same deterministic encoding.
public func sameContent<M: ProtoMessage>(_ a: M, _ b: M) -> Bool {
    a == b || a.serializedBytes(options: EncodingOptions(deterministic: true)) == b.serializedBytes(options: EncodingOptions(deterministic: true))
}

/// Binary round trip of a decoded message: the encoding has the announced size, decodes again,
/// to the same content, and encodes (deterministically) to the same bytes.
public func checkBinaryRoundTrip<M: ProtoMessage>(_ message: M, extensions: ExtensionRegistry, _ what: String) {
    let encoded = message.serializedBytes()
    fuzzCheck(encoded.count == message.serializedSize, "\(what): serializedBytes has \(encoded.count) bytes, serializedSize says \(message.serializedSize)")
    let again: M
    do {
        again = try M(serializedBytes: encoded, options: DecodingOptions(extensions: extensions))
    } catch {
        fuzzFail("\(what): the re-encoded \(M.protoMessageName) does not decode: \(error)")
    }
    fuzzCheck(sameContent(message, again), "\(what): the re-encoded \(M.protoMessageName) decodes to a different message")
    let deterministic = EncodingOptions(deterministic: true)
    fuzzCheck(message.serializedBytes(options: deterministic) == again.serializedBytes(options: deterministic),
              "\(what): deterministic encodings of the message and its round trip differ")
}

/// JSON round trip of a decoded message: it writes as JSON (or says, with
/// `notRepresentableInJSON`, that it cannot), that JSON reads back to the same content, and the
/// binary round trip holds too. Returns the JSON written, if any.
@discardableResult
public func checkJSONRoundTrip<M: ProtoMessage>(
    _ message: M, decoding: JSONDecodingOptions, encoding: JSONEncodingOptions, _ what: String
) -> [UInt8]? {
    checkBinaryRoundTrip(message, extensions: decoding.extensions, what)
    let json: [UInt8]
    do {
        json = try message.jsonUTF8Bytes(options: encoding)
    } catch {
        fuzzCheck(error.code == .notRepresentableInJSON, "\(what): writing JSON failed with \(error), not notRepresentableInJSON")
        return nil
    }
    var strict = decoding
    strict.ignoreUnknownFields = false
    let again: M
    do {
        again = try M(jsonUTF8Bytes: json, options: strict)
    } catch {
        fuzzFail("\(what): the JSON written for \(M.protoMessageName) does not read back: \(error); JSON: \(String(decoding: json, as: UTF8.self))")
    }
    if sameContent(message, again) || sameContentWithoutUnknowns(message, again) { return json }
    // A NullValue (a field, or Value.null_value) may hold any number, proto3 enums being open,
    // but its JSON is `null`, which reads back as 0: Google's C++ and Python printers lose the
    // number the same way. Then the second round trip must be exact.
    let text = String(decoding: json, as: UTF8.self)
    fuzzCheck(text.contains("null"), "\(what): the JSON written for \(M.protoMessageName) reads back as a different message; JSON: \(text)")
    do {
        let third = try M(jsonUTF8Bytes: try again.jsonUTF8Bytes(options: encoding), options: strict)
        fuzzCheck(sameContent(again, third), "\(what): the JSON round trip of \(M.protoMessageName) does not settle after a NullValue became 0; JSON: \(text)")
    } catch {
        fuzzFail("\(what): the second JSON round trip of \(M.protoMessageName) failed: \(error); JSON: \(text)")
    }
    return json
}

/// JSON has no unknown fields: a message decoded with `ignoreUnknownFields`, or holding
/// unknown fields from binary, loses them in JSON.
private func sameContentWithoutUnknowns<M: ProtoMessage>(_ a: M, _ b: M) -> Bool {
    var a = a
    var b = b
    a.unknownFields = UnknownFields()
    b.unknownFields = UnknownFields()
    return sameContent(a, b)
}
