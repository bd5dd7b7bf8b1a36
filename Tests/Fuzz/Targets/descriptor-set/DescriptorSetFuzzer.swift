// DescriptorSetFuzzer.swift: libFuzzer target: schemas built from arbitrary descriptor sets, as `protohttp --descriptor-set` loads them, then used to decode.
import FuzzDescriptors
import FuzzSupport
import ProtoWire

/// Every input is read as a `FileDescriptorSet`. One that decodes either builds a schema
/// registry or is refused with a `DescriptorError` that says why, never a trap (cyclic types,
/// dangling references, duplicate names, bad numbers, maps and oneofs in any shape). With a
/// registry, the input is decoded again as a message of up to four of its types: whatever
/// decodes re-encodes to bytes that decode and re-encode to the same bytes. Both encodings are
/// deterministic: without it map entries follow dictionary order, which two equal maps built in
/// different orders need not share (EncodingOptions promises nothing more; found by this target).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = Array(UnsafeRawBufferPointer(start: data, count: size))
    guard let set = try? Google_Protobuf_FileDescriptorSet(serializedBytes: input) else { return 0 }
    let registry: SchemaRegistry
    do {
        registry = try SchemaRegistry(fileDescriptorSet: set)
    } catch {
        fuzzCheck(!error.message.isEmpty, "a descriptor set refused without a message")
        return 0
    }
    let deterministic = EncodingOptions(deterministic: true)
    for schema in registry.allMessages.sorted(by: { $0.fullName < $1.fullName }).prefix(4) {
        guard let message = try? DynamicMessage(schema: schema, serializedBytes: input, extensions: registry) else { continue }
        let bytes = message.serializedBytes(options: deterministic)
        guard let again = try? DynamicMessage(schema: schema, serializedBytes: bytes, extensions: registry) else {
            fuzzFail("\(schema.fullName): what decoded re-encodes to bytes that do not decode")
        }
        fuzzCheck(again.serializedBytes(options: deterministic) == bytes, "\(schema.fullName): the re-encoded bytes change on a second round trip")
    }
    return 0
}
