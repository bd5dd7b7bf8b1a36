// CrossCheckTests.swift: ProtoWire against protobuf-c 1.4.1 on random messages, both directions, both schemas.

import CProtobufCTestSupport
import Foundation
import ProtoWireTestSchema
import Testing

/// Each test checks `messagesPerTest` random messages; four tests make 12,000 per run.
/// The base seed is printed; set PROTOWIRE_SEED to replay a run, and
/// PROTOWIRE_CROSSCHECK_COUNT to check more (or fewer) messages per test in a soak run.
@Suite struct CrossCheckTests {
    static let messagesPerTest: Int = {
        let env = ProcessInfo.processInfo.environment["PROTOWIRE_CROSSCHECK_COUNT"]
        return env.flatMap { Int($0) }.map { max(1, $0) } ?? 3000
    }()

    static let types3 = CrossCheckSchema<Protohttp_Test_TestAllTypes3>(
        schema: PCX_SCHEMA_ALL_TYPES3,
        random: { seed in
            var g = RandomProto3(seed: seed)
            return g.message()
        },
        dump: { m in
            var w = DumpWriter()
            w.dump(m)
            return w.text
        },
        normalize: ProtobufCNormalizer.allTypes3
    )

    /// proto2 has no normalization: protobuf-c tracks presence with has_ flags and pointers,
    /// so it writes exactly what ProtoWire writes.
    static let types2 = CrossCheckSchema<Protohttp_Test2_TestAllTypes2>(
        schema: PCX_SCHEMA_ALL_TYPES2,
        random: { seed in
            var g = RandomProto2(seed: seed)
            return g.message()
        },
        dump: { m in
            var w = DumpWriter()
            w.dump(m)
            return w.text
        },
        normalize: { $0 }
    )

    @Test func proto3SwiftEncodesProtobufCDecodes() {
        var runner = CrossCheckRunner(Self.types3, testID: 31, count: Self.messagesPerTest)
        runner.swiftToC()
        #expect(runner.failures == 0, "seed \(CrossCheckSeed.base): \(runner.failures) of \(Self.messagesPerTest) messages failed")
    }

    @Test func proto3ProtobufCEncodesSwiftDecodes() {
        var runner = CrossCheckRunner(Self.types3, testID: 32, count: Self.messagesPerTest)
        runner.cToSwift()
        #expect(runner.failures == 0, "seed \(CrossCheckSeed.base): \(runner.failures) of \(Self.messagesPerTest) messages failed")
    }

    @Test func proto2SwiftEncodesProtobufCDecodes() {
        var runner = CrossCheckRunner(Self.types2, testID: 21, count: Self.messagesPerTest)
        runner.swiftToC()
        #expect(runner.failures == 0, "seed \(CrossCheckSeed.base): \(runner.failures) of \(Self.messagesPerTest) messages failed")
    }

    @Test func proto2ProtobufCEncodesSwiftDecodes() {
        var runner = CrossCheckRunner(Self.types2, testID: 22, count: Self.messagesPerTest)
        runner.cToSwift()
        #expect(runner.failures == 0, "seed \(CrossCheckSeed.base): \(runner.failures) of \(Self.messagesPerTest) messages failed")
    }
}
