// Options.swift: bench-scale's command line: --only, --quick, --duration, --warmup, --server-threads, --queue-max.

/// What to measure and how long each timed point lasts.
///
/// ```
/// bench-scale [--only server|client|codec|queue|cache]… [--quick]
///             [--duration SECONDS] [--warmup SECONDS] [--server-threads N] [--queue-max N]
/// ```
struct Options: Sendable {
    /// The curves to run, in ``Curve`` order; every one by default.
    var curves: [Curve] = Curve.allCases
    /// Small points only (a smoke run of every curve in well under a minute).
    var quick = false
    /// The measured window of each rps point, whole seconds (wrk takes whole seconds).
    var duration = 3
    /// The warm-up before each rps point, whole seconds.
    var warmup = 1
    /// ProtoHTTPServer's event-loop threads. Default 1: on this 2-core machine the load
    /// generator (wrk, or the idle-connection opener) takes the other core.
    var serverThreads = 1
    /// The largest queue point (10^3, 10^4, … up to it). Default 10^5; 10^6 takes about half
    /// an hour here (one `fsync` per enqueue and two per replayed entry), so it is asked for.
    var queueMax = 100_000

    /// The usage text.
    static let usage = "usage: bench-scale [--only " + Curve.allCases.map(\.rawValue).joined(separator: "|")
        + "]… [--quick] [--duration SECONDS] [--warmup SECONDS] [--server-threads N] [--queue-max N]"

    /// Reads `arguments` (without the program name).
    init(_ arguments: [String]) throws {
        var rest = arguments[...]
        var only: Set<Curve> = []
        while let flag = rest.popFirst() {
            if flag == "--quick" {
                quick = true
                continue
            }
            guard let value = rest.popFirst() else { throw ScaleError("\(flag) needs a value; \(Self.usage)") }
            switch flag {
            case "--only":
                guard let curve = Curve(rawValue: value) else { throw ScaleError("unknown curve \(value); \(Self.usage)") }
                only.insert(curve)
            case "--duration": duration = try Self.number(value, flag: flag, in: 1...60)
            case "--warmup": warmup = try Self.number(value, flag: flag, in: 1...60)
            case "--server-threads": serverThreads = try Self.number(value, flag: flag, in: 1...64)
            case "--queue-max": queueMax = try Self.number(value, flag: flag, in: 10...1_000_000)
            default: throw ScaleError("unknown option \(flag); \(Self.usage)")
            }
        }
        if !only.isEmpty { curves = Curve.allCases.filter(only.contains) }
    }

    private static func number(_ text: String, flag: String, in range: ClosedRange<Int>) throws -> Int {
        guard let value = Int(text), range.contains(value) else {
            throw ScaleError("\(flag) wants a whole number from \(range.lowerBound) to \(range.upperBound), not \(text)")
        }
        return value
    }
}
