// EmptyArrayStorageTests.swift: empty messages serialize from many tasks at once without touching the shared empty-array storage.

import Foundation
import ProtoHTTPTestSupport
import ProtoWire
import ProtoWireTestSchema
import Testing

@Suite("Empty messages and the shared empty-array storage")
struct EmptyArrayStorageTests {
    /// Serializes and parses an empty message of every kind once; every result is checked.
    private static func roundOfEmpties() throws -> Int {
        var checks = 0
        let generated = Protohttp_Test_TestAllTypes3()
        #expect(generated.serializedBytes().isEmpty)
        #expect(try generated.jsonString() == "{}")
        #expect(generated.textFormatString().isEmpty)
        #expect(Google_Protobuf_Empty().serializedBytes().isEmpty)
        #expect(try Protohttp_Test_TestAllTypes3(serializedBytes: []) == generated)
        checks += 5

        let dynamic = DynamicMessage(schema: Protohttp_Test_TestAllTypes3._protoSchema)
        #expect(dynamic.serializedBytes().isEmpty)
        #expect(dynamic.serializedBytes(options: EncodingOptions(deterministic: true)).isEmpty)
        #expect(try dynamic.jsonString() == "{}")
        checks += 3

        // A packed run of length 0 (field 31, repeated int32, wire type 2) decodes to no values.
        let emptyRun = try Protohttp_Test_TestAllTypes3(serializedBytes: [0xFA, 0x01, 0x00])
        #expect(emptyRun.rInt32.isEmpty)
        checks += 1
        return checks
    }

    @Test("generated, dynamic, JSON and text-format empties from 64 tasks at once (make sanitize watches for races)")
    func emptiesFromManyTasks() async throws {
        let total = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<64 {
                group.addTask {
                    var checks = 0
                    for _ in 0..<50 { checks += try Self.roundOfEmpties() }
                    return checks
                }
            }
            return try await group.reduce(0, +)
        }
        #expect(total == 64 * 50 * 9)
    }

    @Test("no source builds an array in place with the bare standard-library initializer")
    func noBareUninitializedArrays() throws {
        // Gzip.swift's deflate buffer is never empty (a gzip member has an 18-byte frame) and
        // guards for it; ProtoWire's sites go through Array(filling:), which returns [] for 0.
        let allowed: Set<String> = ["Sources/ProtoWire/Wire/Array+Uninitialized.swift", "Sources/ProtoHTTPGzip/Gzip.swift"]
        let root = PackageRoot.path("Sources")
        let enumerator = try #require(FileManager.default.enumerator(atPath: root))
        var offenders: [String] = []
        while let relative = enumerator.nextObject() as? String {
            guard relative.hasSuffix(".swift") else { continue }
            let path = "Sources/" + relative
            let text = try String(contentsOfFile: PackageRoot.path(path), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//")
                && (line.contains("](unsafeUninitializedCapacity:") || line.contains("Array(unsafeUninitializedCapacity:")) {
                if !allowed.contains(path) { offenders.append("\(path):\(number + 1)") }
            }
        }
        #expect(offenders.isEmpty, "use Array(filling:), which never hands the shared empty storage to the body: \(offenders)")
    }
}
