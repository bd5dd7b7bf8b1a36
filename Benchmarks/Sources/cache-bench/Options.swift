// Options.swift: cache-bench's command line: --cache memory|disk, --op hit|store (each repeatable), --batches N.

/// What to measure; by default every cache and operation, 9 batches.
struct Options {
    var caches: Set<String> = []
    var ops: Set<String> = []
    var batches = 9

    /// Reads `--cache memory|disk`, `--op hit|store` (repeatable) and `--batches N`.
    init(_ arguments: ArraySlice<String>) throws {
        var rest = arguments
        while let flag = rest.popFirst() {
            guard let value = rest.popFirst() else { throw BenchFailure(description: "\(flag) needs a value") }
            switch (flag, value) {
            case ("--cache", "memory"), ("--cache", "disk"): caches.insert(value)
            case ("--op", "hit"), ("--op", "store"): ops.insert(value)
            case ("--batches", _):
                guard let count = Int(value), count > 0 else { throw BenchFailure(description: "--batches needs a positive number, not \(value)") }
                batches = count
            default:
                throw BenchFailure(description: "unknown option \(flag) \(value); use --cache memory|disk, --op hit|store, --batches N")
            }
        }
    }

    /// Whether `cache` and `op` were asked for (nothing asked: everything).
    func includes(cache: String, op: String) -> Bool {
        (caches.isEmpty || caches.contains(cache)) && (ops.isEmpty || ops.contains(op))
    }
}
