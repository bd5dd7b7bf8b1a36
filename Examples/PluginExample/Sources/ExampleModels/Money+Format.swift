// Money+Format.swift: a hand-written addition to a generated type of this module.

extension Example_Models_Money {
    /// `"12.500000000 EUR"`.
    public var formatted: String {
        let fraction = String(abs(Int(nanos))).leftPadded(to: 9)
        return "\(units).\(fraction) \(currency)"
    }
}

extension String {
    /// The string with leading zeros up to `width` characters.
    func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
