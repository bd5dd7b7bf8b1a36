// CodecCurve.swift: ProtoWire's ns per byte, encode and decode, for messages of about 1 KB, 1 MB and 100 MB.
import BenchSupport

/// `RESULT scale=codec n=<target bytes> shape=<items|blob> op=<encode|decode> ns_per_byte=… mb_per_s=… bytes=… ns=… batch=…`
///
/// Each point is one message (``CodecShape``) of about n encoded bytes (`bytes` is its exact
/// size), encoded and decoded with ProtoWire, timed by BenchSupport's ``Harness`` as
/// codec-bench times its cases: calibrated batches, encode and decode interleaved, the median
/// ns per operation (`ns`), divided by the size. At 100 MB a batch is one operation, and 5
/// of them (3 with `--quick`) are timed.
enum CodecCurve {
    /// The target sizes.
    static func points(quick: Bool) -> [Int] { quick ? [1_000, 1_000_000] : [1_000, 1_000_000, 100_000_000] }

    /// Measures every shape at every size.
    static func run(options: Options) throws {
        for bytes in points(quick: options.quick) {
            for shape in CodecShape.allCases {
                let contender = try shape.contender(bytes: bytes)
                let harness = bytes >= 10_000_000 ? Harness(batchMilliseconds: 1, batches: options.quick ? 3 : 5) : Harness()
                let results = harness.measure([contender.encode, contender.decode])
                for (op, result) in zip(["encode", "decode"], results) {
                    let size = Double(contender.encoded.count)
                    var line = ResultLine(.codec, n: bytes)
                    line.add("shape", shape.rawValue)
                    line.add("op", op)
                    line.add("ns_per_byte", result.medianNanoseconds / size, digits: 3)
                    line.add("mb_per_s", size / result.medianNanoseconds * 1e3, digits: 0)
                    line.add("bytes", contender.encoded.count)
                    line.add("ns", result.medianNanoseconds, digits: 0)
                    line.add("batch", result.iterations)
                    line.emit()
                }
            }
        }
    }
}
