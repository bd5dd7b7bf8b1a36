// BenchCase.swift: the benchmark cases and what one library contributes to each.

import BenchProtobufC

/// A benchmark case: one logical message, measured for encode and decode.
enum BenchCase: String, CaseIterable {
    case small, medium, deep, large, sparse
    /// The realworld set: a proto2 catalog page and a proto3 list response (`--case realworld`).
    case catalog, records

    /// The cases `--case realworld` selects.
    static let realWorld: [BenchCase] = [.catalog, .records]

    /// The matching protobuf-c case.
    var cCase: BenchCCase {
        switch self {
        case .small: return BENCH_C_SMALL
        case .medium: return BENCH_C_MEDIUM
        case .deep: return BENCH_C_DEEP
        case .large: return BENCH_C_LARGE
        case .sparse: return BENCH_C_SPARSE
        case .catalog: return BENCH_C_CATALOG
        case .records: return BENCH_C_RECORDS
        }
    }
}

/// One library's side of one case: its encoding of the message, and closures that perform `n`
/// encodes (message to new bytes) or `n` decodes (its own bytes to a new message).
struct Contender {
    /// The library's encoding of the case's message.
    var bytes: [UInt8]
    /// Performs `n` encodes.
    var encode: (Int) -> Void
    /// Performs `n` decodes of ``bytes``.
    var decode: (Int) -> Void
}
