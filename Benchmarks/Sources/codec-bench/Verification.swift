// Verification.swift: checks, before timing, that the three libraries agree on every case.

/// Cross-decodes the three encodings of a case so that every library is shown to produce and
/// read the same logical message:
///
/// ```
///            ProtoWire bytes   swift-protobuf bytes   protobuf-c bytes
/// ProtoWire      decode ==          decode ==            decode ==      the ProtoWire message
/// swift-pb       decode ==          decode ==            decode ==      the swift-protobuf message
/// protobuf-c     unpack+pack → decoded by ProtoWire == the ProtoWire message
/// ```
///
/// Byte-for-byte equality is not required: map entries may be written in any order.
enum Verification {
    /// Returns a description of the first disagreement, or `nil` when all agree.
    static func check(_ benchCase: BenchCase, encodings: [(library: String, bytes: [UInt8])]) -> String? {
        for (library, bytes) in encodings {
            do {
                if try !ProtoWireSide.decodesToSame(benchCase, bytes) {
                    return "ProtoWire decodes the \(library) encoding to a different message"
                }
                if try !SwiftProtobufSide.decodesToSame(benchCase, bytes) {
                    return "swift-protobuf decodes the \(library) encoding to a different message"
                }
                guard let repacked = ProtobufCSide.repack(benchCase, bytes) else {
                    return "protobuf-c cannot unpack the \(library) encoding"
                }
                if try !ProtoWireSide.decodesToSame(benchCase, repacked) {
                    return "protobuf-c decodes the \(library) encoding to a different message"
                }
            } catch {
                return "decoding the \(library) encoding failed: \(error)"
            }
        }
        return nil
    }
}
