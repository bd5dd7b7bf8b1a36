// ResultLine.swift: one `RESULT scale=<curve> n=<n> key=value…` line, built field by field.
import BenchSupport

/// The machine-readable line every measured point prints:
///
/// ```
/// RESULT scale=<Scale> n=<n> <key>=<value> …
/// ```
///
/// Keys are lower_snake_case and carry their unit (`_us`, `_kib`, `_ns`, `per_s`); values
/// never contain spaces.
struct ResultLine: Sendable {
    /// The curve.
    let scale: Scale
    /// The point on the curve: what grows.
    let n: Int
    private var fields: [(key: String, value: String)] = []

    /// A line for point `n` of `scale`, with no fields yet.
    init(_ scale: Scale, n: Int) {
        self.scale = scale
        self.n = n
    }

    /// Appends `key=value` for a label (an operation, a store, a shape).
    mutating func add(_ key: String, _ value: String) { fields.append((key, value)) }

    /// Appends `key=value` for a count.
    mutating func add(_ key: String, _ value: Int) { fields.append((key, String(value))) }

    /// Appends `key=value` for a measured figure, with `digits` decimals.
    mutating func add(_ key: String, _ value: Double, digits: Int) { fields.append((key, fixed(value, digits: digits))) }

    /// The whole line.
    var text: String {
        (["RESULT scale=\(scale.rawValue) n=\(n)"] + fields.map { "\($0.key)=\($0.value)" }).joined(separator: " ")
    }

    /// Prints the line and flushes standard output.
    func emit() {
        print(text)
        flushOutput()
    }
}
