// ProtoEnumNames.swift: the names of an enum's values, for JSON, generated per enum.

/// The protobuf names of one enum's values, both ways: JSON writes an enum by name and reads
/// it by name or number.
///
/// Generated enums hold one in `static let _protoNames`:
///
/// ```swift
/// public static let _protoNames = ProtoEnumNames("pkg.Color", [(0, "COLOR_UNSPECIFIED"), (1, "COLOR_RED")])
/// ```
///
/// Aliases (`allow_alias`) list every name; a number writes as its first declared name.
public final class ProtoEnumNames: Sendable {
    /// The full protobuf name of the enum.
    public let enumName: String
    @usableFromInline let byName: JSONNameTable
    /// `"NAME"` (quoted, ready to append) by number, for numbers 0..<dense.count.
    @usableFromInline let dense: [[UInt8]?]
    /// `"NAME"` for numbers outside the dense range.
    @usableFromInline let sparse: [Int: [UInt8]]

    /// Creates the names of `enumName` from `(number, name)` pairs in declaration order.
    public init(_ enumName: String, _ values: [(Int, String)]) {
        self.enumName = enumName
        byName = JSONNameTable(values.map { (name: $0.1, value: $0.0) })
        let maxDense = values.map(\.0).filter { $0 >= 0 && $0 < 256 }.max() ?? -1
        var dense = [[UInt8]?](repeating: nil, count: maxDense + 1)
        var sparse: [Int: [UInt8]] = [:]
        for (number, name) in values {
            let quoted = [0x22] + Array(name.utf8) + [0x22]
            if number >= 0 && number < dense.count {
                if dense[number] == nil { dense[number] = quoted }
            } else if sparse[number] == nil {
                sparse[number] = quoted
            }
        }
        self.dense = dense
        self.sparse = sparse
    }

    /// The number named `name`, or `nil`.
    @inlinable
    public func number(named name: UnsafeRawBufferPointer) -> Int? { byName.value(of: name) }

    /// The number named `name`, or `nil`.
    public func number(named name: String) -> Int? {
        var name = name
        return name.withUTF8 { byName.value(of: UnsafeRawBufferPointer($0)) }
    }

    /// The first declared name of `number` with quotes around it, or `nil` for numbers the
    /// enum does not declare.
    @inlinable
    public func quotedName(of number: Int) -> [UInt8]? {
        if number >= 0 && number < dense.count { return dense[number] }
        return sparse[number]
    }

    /// The first declared name of `number`, or `nil`.
    public func name(of number: Int) -> String? {
        quotedName(of: number).map { String(decoding: $0.dropFirst().dropLast(), as: UTF8.self) }
    }
}
