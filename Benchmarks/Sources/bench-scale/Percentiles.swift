// Percentiles.swift: nearest-rank percentiles over latency samples.

/// Latency samples (nanoseconds), sorted once, queried by percentile.
struct Percentiles: Sendable {
    private let sorted: [UInt64]

    /// Sorts `samples`.
    init(_ samples: [UInt64]) {
        sorted = samples.sorted()
    }

    /// The nearest-rank `p`-th percentile (0 < p ≤ 100) in microseconds; 0 without samples.
    func microseconds(at p: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
        return Double(sorted[min(max(rank, 1), sorted.count) - 1]) / 1000
    }
}
