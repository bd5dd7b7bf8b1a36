// main.swift: codec-bench: times ProtoWire, swift-protobuf and protobuf-c on every case.
//
// Usage: codec-bench [--case small|medium|deep|large|sparse|catalog|records|realworld]... [--batches N] [--batch-ms MS]
//                    [--profile protowire|swift-protobuf|protobuf-c --op encode|decode|json_encode|json_decode --iterations N]
//
// `--profile` runs one library's operation N times per case, untimed, for `perf` or
// `valgrind --tool=callgrind` (instruction counts are repeatable on a noisy machine).

import BenchSupport
#if canImport(Glibc)
import Glibc
#endif

/// Prints a usage problem to standard error and exits with status 2 (bad command line).
func usageError(_ message: String) -> Never {
    let text = "codec-bench: \(message)\nusage: codec-bench [--case small|medium|deep|large|sparse|catalog|records|realworld]... [--batches N] [--batch-ms MS] [--profile protowire|swift-protobuf|protobuf-c --op encode|decode|json_encode|json_decode --iterations N]\n"
    _ = text.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
    exit(2)
}

var cases: [BenchCase] = []
let libraries = ["protowire", "swift-protobuf", "protobuf-c"]
var profiled: Int?
var profiledOp = "encode"
var iterations = 100_000
var harness = Harness()
var arguments = CommandLine.arguments.dropFirst()
while let flag = arguments.popFirst() {
    let value = arguments.popFirst()
    switch (flag, value) {
    case ("--case", let name?):
        if name == "realworld" {
            cases += BenchCase.realWorld
            continue
        }
        guard let c = BenchCase(rawValue: name) else {
            usageError("unknown case \(name); use small, medium, deep, large, sparse, catalog, records or realworld")
        }
        cases.append(c)
    case ("--batches", let n?):
        guard let b = Int(n), b > 0 else { usageError("--batches wants a positive integer") }
        harness.batches = b
    case ("--batch-ms", let ms?):
        guard let t = Double(ms), t > 0 else { usageError("--batch-ms wants a positive number") }
        harness.batchMilliseconds = t
    case ("--profile", let name?):
        guard let index = libraries.firstIndex(of: name) else { usageError("unknown library \(name); use protowire, swift-protobuf or protobuf-c") }
        profiled = index
    case ("--op", let op?):
        guard ["encode", "decode", "json_encode", "json_decode"].contains(op) else {
            usageError("--op wants encode, decode, json_encode or json_decode")
        }
        profiledOp = op
    case ("--iterations", let n?):
        guard let count = Int(n), count > 0 else { usageError("--iterations wants a positive integer") }
        iterations = count
    default:
        usageError("unknown or incomplete option \(flag)")
    }
}
if cases.isEmpty { cases = BenchCase.allCases }
if let profiled, profiledOp.hasPrefix("json_") {
    // JSON is measured on the medium message, and protobuf-c has none.
    guard profiled < 2 else { usageError("protobuf-c has no JSON; profile protowire or swift-protobuf") }
    guard cases == [.medium] else { usageError("the JSON ops run on the medium case only; pass --case medium") }
}

for benchCase in cases {
    let contenders = [
        ProtoWireSide.contender(benchCase),
        SwiftProtobufSide.contender(benchCase),
        ProtobufCSide.contender(benchCase),
    ]
    let encodings = zip(["ProtoWire", "swift-protobuf", "protobuf-c"], contenders).map { ($0, $1.bytes) }
    if let problem = Verification.check(benchCase, encodings: encodings) {
        fatalError("case \(benchCase): \(problem); fix the builders before timing")
    }
    if let profiled {
        let run: (Int) -> Void
        if profiledOp.hasPrefix("json_") {
            let json = profiled == 0 ? JSONSides.protoWire(ProtoWireSide.medium()) : JSONSides.swiftProtobuf(SwiftProtobufSide.medium())
            run = profiledOp == "json_encode" ? json.encode : json.decode
        } else {
            run = profiledOp == "encode" ? contenders[profiled].encode : contenders[profiled].decode
        }
        run(iterations)
        print("# profiled case=\(benchCase) library=\(libraries[profiled]) op=\(profiledOp) iterations=\(iterations)")
        continue
    }
    print("# case=\(benchCase) bytes=\(contenders.map { String($0.bytes.count) }.joined(separator: "/")) (ProtoWire/swift-protobuf/protobuf-c)")
    for op in ["encode", "decode"] {
        let runs = contenders.map { op == "encode" ? $0.encode : $0.decode }
        let results = harness.measure(runs)
        let pw = results[0].medianNanoseconds, sp = results[1].medianNanoseconds, pc = results[2].medianNanoseconds
        print("RESULT case=\(benchCase) op=\(op) protowire_ns=\(fixed(pw, digits: 1)) swiftprotobuf_ns=\(fixed(sp, digits: 1)) protobufc_ns=\(fixed(pc, digits: 1)) ratio=\(fixed(sp / pw, digits: 2)) c_ratio=\(fixed(pc / pw, digits: 2))")
    }
    if benchCase == .medium {
        // proto3 JSON, ProtoWire against swift-protobuf; protobuf-c has no JSON.
        let json = [JSONSides.protoWire(ProtoWireSide.medium()), JSONSides.swiftProtobuf(SwiftProtobufSide.medium())]
        if let problem = JSONSides.check(protoWire: json[0].json, swiftProtobuf: json[1].json) {
            fatalError("case \(benchCase) JSON: \(problem)")
        }
        print("# case=\(benchCase) json_bytes=\(json.map { String($0.json.count) }.joined(separator: "/")) (ProtoWire/swift-protobuf)")
        for op in ["json_encode", "json_decode"] {
            let results = harness.measure(json.map { op == "json_encode" ? $0.encode : $0.decode })
            let pw = results[0].medianNanoseconds, sp = results[1].medianNanoseconds
            print("RESULT case=\(benchCase) op=\(op) protowire_ns=\(fixed(pw, digits: 1)) swiftprotobuf_ns=\(fixed(sp, digits: 1)) protobufc_ns=n/a ratio=\(fixed(sp / pw, digits: 2))")
        }
    }
}
