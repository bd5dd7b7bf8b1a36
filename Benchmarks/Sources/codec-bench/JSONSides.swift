// JSONSides.swift: the JSON encode/decode loops of ProtoWire and swift-protobuf, and their cross-check.

import BenchProtoWire
import BenchSupport
import BenchSwiftProtobuf
import ProtoWire
import SwiftProtobuf

/// One library's JSON of the medium message and its `n`-times loops.
struct JSONContender {
    /// The library's JSON of the message.
    var json: [UInt8]
    /// Performs `n` message-to-JSON encodes.
    var encode: (Int) -> Void
    /// Performs `n` JSON-to-message decodes of ``json``.
    var decode: (Int) -> Void
}

enum JSONSides {
    /// ProtoWire: `jsonUTF8Bytes()` and `init(jsonUTF8Bytes:)` over `[UInt8]`.
    static func protoWire<M: ProtoWire.ProtoMessage>(_ message: M) -> JSONContender {
        guard let json = try? message.jsonUTF8Bytes() else { fatalError("ProtoWire cannot encode \(M.protoMessageName) as JSON") }
        return JSONContender(
            json: json,
            encode: { n in
                do {
                    for _ in 0..<n { blackHole(try message.jsonUTF8Bytes()) }
                } catch {
                    fatalError("ProtoWire JSON encode failed: \(error)")
                }
            },
            decode: { n in
                do {
                    for _ in 0..<n { blackHole(try M(jsonUTF8Bytes: json)) }
                } catch {
                    fatalError("ProtoWire failed to decode its own JSON: \(error)")
                }
            })
    }

    /// swift-protobuf: `jsonUTF8Bytes() as [UInt8]` and `init(jsonUTF8Bytes:)` over `[UInt8]`.
    static func swiftProtobuf<M: SwiftProtobuf.Message>(_ message: M) -> JSONContender {
        guard let json: [UInt8] = try? message.jsonUTF8Bytes() else { fatalError("swift-protobuf cannot encode \(M.protoMessageName) as JSON") }
        return JSONContender(
            json: json,
            encode: { n in
                do {
                    for _ in 0..<n { blackHole(try message.jsonUTF8Bytes() as [UInt8]) }
                } catch {
                    fatalError("swift-protobuf JSON encode failed: \(error)")
                }
            },
            decode: { n in
                do {
                    for _ in 0..<n { blackHole(try M(jsonUTF8Bytes: json)) }
                } catch {
                    fatalError("swift-protobuf failed to decode its own JSON: \(error)")
                }
            })
    }

    /// Each library decodes the other's JSON of the medium message to the built message, or
    /// the reason it does not.
    static func check(protoWire pw: [UInt8], swiftProtobuf sp: [UInt8]) -> String? {
        do {
            let fromSP = try BenchProtoWire.Protohttp_Bench_Medium(jsonUTF8Bytes: sp)
            guard fromSP == ProtoWireSide.medium() else { return "ProtoWire decodes swift-protobuf's JSON to another message" }
            let fromPW = try BenchSwiftProtobuf.Protohttp_Bench_Medium(jsonUTF8Bytes: pw)
            guard fromPW == SwiftProtobufSide.medium() else { return "swift-protobuf decodes ProtoWire's JSON to another message" }
        } catch {
            return "JSON cross-decode failed: \(error)"
        }
        return nil
    }
}
