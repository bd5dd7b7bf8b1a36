// CaseData.swift: the logical content of every case, shared by the two Swift builders.
//
// Sources/BenchProtobufC/bench_cases.c builds the same content in C; codec-bench checks at
// start-up that all three libraries agree before it times anything.

/// The values the benchmark messages carry.
enum CaseData {
    /// Levels in the "deep" chain; each level carries the medium message.
    static let deepLevels = 32
    /// Levels in the "sparse" chain; level i sets only `optional_int32 = i` and, above the
    /// last, `recursive_message`.
    static let sparseLevels = 32

    static let smallID: Int32 = 150
    static let smallName = "alice"
    static let smallScore = 98.5

    static let mediumString =
        "ProtoHTTP benchmark payload: the quick brown fox jumps over the lazy dog; naïve café, Grüße, 東京, 🚀 done."
    static let mediumBytes: [UInt8] = (0..<64).map { UInt8(truncatingIfNeeded: $0 * 37 + 11) }
    static let itemID: Int32 = 7
    static let itemLabel = "primary item"
    static let rInt32: [Int32] = (0..<24).map { Int32($0 * $0 * 131) }
    static let rInt64: [Int64] = (0..<16).map { Int64($0) * 1_000_000_007 }
    static let rSint32: [Int32] = (0..<16).map { Int32(($0 - 8) * 1001) }
    static let rFixed32: [UInt32] = (0..<8).map { UInt32($0) &* 0x0101_0101 }
    static let rDouble: [Double] = (0..<8).map { Double($0) * 1.5 + 0.25 }
    /// Kind numbers: alpha, beta, gamma, twice.
    static let rKind = [1, 2, 3, 1, 2, 3]
    static let rString = [
        "label:alpha", "label:beta", "label:gamma", "label:delta",
        "label:epsilon", "label:zeta", "label:eta", "label:theta",
    ]
    /// Repeated items: id `i + 1`, label "item number i".
    static let rItems: [(id: Int32, label: String)] = (0..<6).map { (Int32($0 + 1), "item number \($0)") }
    /// Map "key-i" → i² + 1.
    static let counts: [(key: String, value: Int32)] = (0..<8).map { ("key-\($0)", Int32($0 * $0 + 1)) }
    /// Map i·100 → item (id i, label "mapped i").
    static let mappedItems: [(key: Int32, id: Int32, label: String)] = (0..<4).map { (Int32($0 * 100), Int32($0), "mapped \($0)") }
    static let oneofText = "oneof text value, set last"

    /// 1 MiB of hashed bytes.
    static let largeBlob: [UInt8] = (0..<(1 << 20)).map { i in
        UInt8(truncatingIfNeeded: (UInt32(i) &* 2_654_435_761) >> 24)
    }
    /// 100,000 int64 values of 1 to 5 varint bytes; every tenth is negative (10 bytes).
    static let largeValues: [Int64] = (0..<100_000).map { i in
        let v = Int64(((UInt64(i) &* 2_654_435_761) & 0xFFFF_FFFF) >> (UInt64(i) % 32))
        return i % 10 == 0 ? -v : v
    }
}
