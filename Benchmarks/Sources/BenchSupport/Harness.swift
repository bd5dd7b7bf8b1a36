// Harness.swift: calibrated, interleaved batch timing that reports a median ns/op per contender.

/// Times several contenders on the same operation and reports nanoseconds per operation.
///
/// Each contender is a closure that performs `n` operations. The harness
///
/// ```
/// calibrate: double n until one batch takes ≥ 10 ms, then scale n to ~batchMilliseconds
/// warm up:   one full batch per contender
/// measure:   `batches` rounds; each round runs one batch of every contender in turn
/// report:    the median (and minimum) ns/op over the rounds, per contender
/// ```
///
/// Interleaving the rounds spreads clock-frequency and cache drift over all contenders alike.
public struct Harness: Sendable {
    /// The target duration of one batch.
    public var batchMilliseconds: Double
    /// The number of measured batches per contender.
    public var batches: Int

    /// Creates a harness; the defaults keep one operation of one case under a second.
    public init(batchMilliseconds: Double = 60, batches: Int = 9) {
        self.batchMilliseconds = batchMilliseconds
        self.batches = batches
    }

    /// One contender's result.
    public struct Result: Sendable {
        /// Median nanoseconds per operation over the measured batches.
        public var medianNanoseconds: Double
        /// Fastest batch's nanoseconds per operation.
        public var minNanoseconds: Double
        /// Operations per batch.
        public var iterations: Int
    }

    /// Measures each contender (`run(n)` performs `n` operations) and returns results in order.
    public func measure(_ contenders: [(Int) -> Void]) -> [Result] {
        let sizes = contenders.map(calibrate)
        for (run, n) in zip(contenders, sizes) { run(n) }
        var samples = Array(repeating: [Double](), count: contenders.count)
        for _ in 0..<batches {
            for (index, run) in contenders.enumerated() {
                let n = sizes[index]
                samples[index].append(Self.time { run(n) } / Double(n))
            }
        }
        return zip(samples, sizes).map { perOp, n in
            let sorted = perOp.sorted()
            return Result(medianNanoseconds: sorted[sorted.count / 2], minNanoseconds: sorted[0], iterations: n)
        }
    }

    /// Finds the operation count that makes one batch last about ``batchMilliseconds``.
    func calibrate(_ run: (Int) -> Void) -> Int {
        var n = 1
        while true {
            let elapsed = Self.time { run(n) }
            if elapsed >= 10_000_000 || n >= 1 << 30 {
                let perOp = elapsed / Double(n)
                return max(1, Int((batchMilliseconds * 1_000_000 / perOp).rounded()))
            }
            n *= 2
        }
    }

    /// Wall-clock nanoseconds taken by `body`.
    static func time(_ body: () -> Void) -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        body()
        let elapsed = clock.now - start
        return Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
    }
}
