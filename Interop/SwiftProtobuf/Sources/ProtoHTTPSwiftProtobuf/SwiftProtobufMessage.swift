// SwiftProtobufMessage.swift: a swift-protobuf message as a ProtoWire ProtoMessage, encoded and decoded by swift-protobuf.
public import ProtoWire
public import SwiftProtobuf

/// A swift-protobuf message that ProtoHTTP's manager and server carry as one of their own: its
/// bytes and its JSON are swift-protobuf's, written and read whole where ProtoWire would write
/// and read a message, so a service moves to ProtoHTTP before its types do.
///
/// ```swift
/// let request = SwiftProtobufMessage(SwiftProtobuf.Google_Protobuf_StringValue.with { $0.value = "hello" })
/// let reply = try await manager.post("/echo.Echo/Say", request, as: SwiftProtobufMessage<SwiftProtobuf.Google_Protobuf_StringValue>.self)
/// print(reply.message.value)
/// ```
///
/// The wrapper has no fields of its own: ``unknownFields`` stays empty (the wrapped message
/// keeps its own), its schema names the type only (the text format and dynamic messages see no
/// fields), and encoding runs swift-protobuf twice, once to size the message and once to write it.
public struct SwiftProtobufMessage<Wrapped: SwiftProtobuf.Message & Hashable>: ProtoMessage {
    /// The swift-protobuf message.
    public var message: Wrapped {
        get { storage }
        set {
            storage = newValue
            bytes = nil
        }
    }
    /// Always empty: the wrapped message keeps the fields it does not know.
    public var unknownFields = UnknownFields()
    private var storage: Wrapped
    /// The message's bytes when ``init(encoding:)`` made them: sized and written without encoding again.
    private var bytes: [UInt8]?

    /// Wraps `message`.
    public init(_ message: Wrapped) {
        storage = message
    }

    /// Wraps `message` and encodes it once now, so a failure shows here, not as an empty
    /// message on the wire, and sending it encodes nothing again.
    ///
    /// - Throws: ``WireError`` when swift-protobuf cannot encode it (an `Any` whose contents
    ///   it cannot transcode).
    public init(encoding message: Wrapped) throws(WireError) {
        storage = message
        do {
            bytes = try message.serializedBytes(partial: true)
        } catch {
            throw WireError(.typeMismatch, offset: nil, "swift-protobuf could not encode \(Wrapped.protoMessageName): \(error)")
        }
    }

    /// Wraps an empty `Wrapped`.
    public init() {
        storage = Wrapped()
    }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.storage == rhs.storage }

    public func hash(into hasher: inout Hasher) { hasher.combine(storage) }

    public static var protoMessageName: String { Wrapped.protoMessageName }

    public static var _protoSchema: MessageSchema { MessageSchema(fullName: Wrapped.protoMessageName, fields: []) }

    public var isInitialized: Bool { message.isInitialized }

    public var debugDescription: String { message.debugDescription }

    public func _protoSize(_ cache: inout SizeCache) -> Int { encoded().count }

    public func _protoWrite(_ writer: inout WireWriter) {
        encoded().withUnsafeBytes { writer.writeRawBytes($0) }
    }

    public mutating func _protoMerge(_ reader: inout WireReader) throws(WireError) {
        let wire = try reader.readRemaining()
        do {
            try storage.merge(serializedBytes: Array(wire), partial: true)
            self.bytes = nil
        } catch {
            throw WireError(.typeMismatch, offset: reader.offset, "swift-protobuf could not decode \(Wrapped.protoMessageName): \(error)")
        }
    }

    public func _protoWriteJSON(_ writer: inout JSONWriter) throws(WireError) {
        do {
            let json: [UInt8] = try message.jsonUTF8Bytes()
            writer.appendRaw(json)
        } catch {
            throw WireError(.notRepresentableInJSON, offset: nil, "swift-protobuf could not write \(Wrapped.protoMessageName) as JSON: \(error)")
        }
    }

    public mutating func _protoMergeJSON(_ reader: inout JSONReader) throws(WireError) {
        let json = try reader.readRawValue()
        do {
            var options = SwiftProtobuf.JSONDecodingOptions()
            options.ignoreUnknownFields = reader.ignoreUnknownFields
            message = try Wrapped(jsonUTF8Bytes: json, options: options)
        } catch {
            throw WireError(.invalidJSONValue, offset: reader.offset, "swift-protobuf could not read \(Wrapped.protoMessageName) from JSON: \(error)")
        }
    }

    /// The message's bytes, required fields allowed to be missing (``isInitialized`` says whether they are).
    private func encoded() -> [UInt8] {
        if let bytes { return bytes }
        // With `partial: true` swift-protobuf fails only on an Any whose contents it cannot
        // transcode. ProtoWire's encoding cannot fail, so such a message goes out empty: wrap it
        // with init(encoding:), as this package's calls and handlers do, to get the error instead.
        return (try? storage.serializedBytes(partial: true)) ?? []
    }
}
