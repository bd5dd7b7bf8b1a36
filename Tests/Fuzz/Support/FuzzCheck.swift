// FuzzCheck.swift: how a fuzz target reports a broken property: a line on stderr, then abort(), which libFuzzer saves as a crash.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Stops the process when `condition` is false. libFuzzer sees the abort as a crash and saves
/// the input under `.build-fuzz/crashes/<target>/`; the line names the property that broke.
public func fuzzCheck(_ condition: @autoclosure () -> Bool, _ property: @autoclosure () -> String) {
    if !condition() { fuzzFail(property()) }
}

/// Reports a broken property and aborts.
public func fuzzFail(_ property: String) -> Never {
    let line = "ProtoHTTP fuzz: property failed: \(property)\n"
    _ = Array(line.utf8).withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    abort()
}
