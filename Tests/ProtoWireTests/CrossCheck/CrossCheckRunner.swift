// CrossCheckRunner.swift: runs random messages through ProtoWire and protobuf-c in either direction.

import CProtobufCTestSupport
import ProtoWire
import Testing

/// One schema's hooks for the cross-check: how to make, dump and normalize its top-level message.
struct CrossCheckSchema<M: ProtoMessage>: Sendable {
    /// The protobuf-c side of the same message type.
    let schema: PCXSchema
    /// Builds a random Swift message from a seed.
    let random: @Sendable (UInt64) -> M
    /// The canonical dump (same text as pcx_dump.c).
    let dump: @Sendable (M) -> String
    /// ProtoWire bytes rewritten for the documented protobuf-c differences (identity if none).
    let normalize: @Sendable ([UInt8]) -> [UInt8]?
    /// Recursion bound handed to the C random builder.
    let maxDepth: Int32 = 3
}

/// Collects failures, keeps the first few in full, and names the seed to replay them.
struct CrossCheckRunner<M: ProtoMessage> {
    let schema: CrossCheckSchema<M>
    /// Separates the seeds of different tests that share the base seed.
    let testID: UInt64
    let count: Int
    private(set) var failures = 0

    init(_ schema: CrossCheckSchema<M>, testID: UInt64, count: Int) {
        self.schema = schema
        self.testID = testID
        self.count = count
    }

    private mutating func fail(_ index: Int, _ what: String, _ sourceLocation: SourceLocation = #_sourceLocation) {
        failures += 1
        guard failures <= 3 else { return }
        Issue.record(
            """
            \(M.protoMessageName) message #\(index): \(what)
            replay: PROTOWIRE_SEED=\(CrossCheckSeed.base) swift test --filter CrossCheck \
            (message seed \(CrossCheckSeed.seed(test: testID, index: index)))
            """,
            sourceLocation: sourceLocation)
    }

    /// Direction 1: ProtoWire encodes, protobuf-c unpacks. Dumps must match, and protobuf-c's
    /// re-pack must equal ProtoWire's bytes after the normalizer's documented rewrite.
    mutating func swiftToC() {
        for index in 0..<count {
            let message = schema.random(CrossCheckSeed.seed(test: testID, index: index))
            let bytes = message.serializedBytes(options: EncodingOptions(deterministic: true))
            let swiftDump = schema.dump(message)
            guard let c = ProtobufCView(unpacking: bytes, schema: schema.schema) else {
                fail(index, "protobuf-c rejected ProtoWire's \(bytes.count) bytes: \(hex(bytes))")
                continue
            }
            if c.dump != swiftDump {
                fail(index, "dumps differ\n  swift:      \(swiftDump.prefix(2000))\n  protobuf-c: \(c.dump.prefix(2000))")
                continue
            }
            guard let expected = schema.normalize(bytes) else {
                fail(index, "normalizer could not walk ProtoWire's bytes: \(hex(bytes))")
                continue
            }
            if expected != c.packed {
                fail(index, "protobuf-c re-pack differs: " + byteDiff("swift (normalized)", expected, "protobuf-c", c.packed))
            }
        }
    }

    /// Direction 2: protobuf-c builds and packs, ProtoWire decodes. Dumps must match, and
    /// ProtoWire's deterministic re-encode, normalized, must equal protobuf-c's bytes.
    mutating func cToSwift() {
        for index in 0..<count {
            let seed = CrossCheckSeed.seed(test: testID, index: index)
            guard let c = ProtobufCView(randomSeed: seed, schema: schema.schema, maxDepth: schema.maxDepth) else {
                fail(index, "protobuf-c could not build or pack a message")
                continue
            }
            let message: M
            do {
                message = try M(serializedBytes: c.packed)
            } catch {
                fail(index, "ProtoWire rejected protobuf-c's bytes: \(error)\n  bytes: \(hex(c.packed))")
                continue
            }
            let swiftDump = schema.dump(message)
            if c.dump != swiftDump {
                fail(index, "dumps differ\n  protobuf-c: \(c.dump.prefix(2000))\n  swift:      \(swiftDump.prefix(2000))")
                continue
            }
            let reencoded = message.serializedBytes(options: EncodingOptions(deterministic: true))
            guard let normalized = schema.normalize(reencoded) else {
                fail(index, "normalizer could not walk ProtoWire's bytes: \(hex(reencoded))")
                continue
            }
            if normalized != c.packed {
                fail(index, "ProtoWire re-encode differs: " + byteDiff("protobuf-c", c.packed, "swift (normalized)", normalized))
            }
        }
    }
}
