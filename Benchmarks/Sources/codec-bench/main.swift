// main.swift: codec-bench: times ProtoWire, swift-protobuf and protobuf-c on every case.
//
// Usage: codec-bench [--case small|medium|deep|large|sparse]... [--batches N] [--batch-ms MS]

import BenchSupport
#if canImport(Glibc)
import Glibc
#endif

/// Prints a usage problem to standard error and exits with status 2 (bad command line).
func usageError(_ message: String) -> Never {
    let text = "codec-bench: \(message)\nusage: codec-bench [--case small|medium|deep|large|sparse]... [--batches N] [--batch-ms MS]\n"
    _ = text.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
    exit(2)
}

var cases: [BenchCase] = []
var harness = Harness()
var arguments = CommandLine.arguments.dropFirst()
while let flag = arguments.popFirst() {
    let value = arguments.popFirst()
    switch (flag, value) {
    case ("--case", let name?):
        guard let c = BenchCase(rawValue: name) else { usageError("unknown case \(name); use small, medium, deep, large or sparse") }
        cases.append(c)
    case ("--batches", let n?):
        guard let b = Int(n), b > 0 else { usageError("--batches wants a positive integer") }
        harness.batches = b
    case ("--batch-ms", let ms?):
        guard let t = Double(ms), t > 0 else { usageError("--batch-ms wants a positive number") }
        harness.batchMilliseconds = t
    default:
        usageError("unknown or incomplete option \(flag)")
    }
}
if cases.isEmpty { cases = BenchCase.allCases }

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
    print("# case=\(benchCase) bytes=\(contenders.map { String($0.bytes.count) }.joined(separator: "/")) (ProtoWire/swift-protobuf/protobuf-c)")
    for op in ["encode", "decode"] {
        let runs = contenders.map { op == "encode" ? $0.encode : $0.decode }
        let results = harness.measure(runs)
        let pw = results[0].medianNanoseconds, sp = results[1].medianNanoseconds, pc = results[2].medianNanoseconds
        print("RESULT case=\(benchCase) op=\(op) protowire_ns=\(fixed(pw, digits: 1)) swiftprotobuf_ns=\(fixed(sp, digits: 1)) protobufc_ns=\(fixed(pc, digits: 1)) ratio=\(fixed(sp / pw, digits: 2))")
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
