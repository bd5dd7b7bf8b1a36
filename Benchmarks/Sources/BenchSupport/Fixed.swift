// Fixed.swift: fixed-point formatting of doubles without Foundation.

/// Formats `value` with exactly `digits` digits after the decimal point, e.g. `1234.50`.
public func fixed(_ value: Double, digits: Int) -> String {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let scaled = (abs(value) * scale).rounded()
    guard scaled < 9e18 else { return String(value) }
    let units = UInt64(scaled)
    let sign = value < 0 && units != 0 ? "-" : ""
    let whole = units / UInt64(scale)
    guard digits > 0 else { return "\(sign)\(whole)" }
    var fraction = String(units % UInt64(scale))
    while fraction.count < digits { fraction = "0" + fraction }
    return "\(sign)\(whole).\(fraction)"
}
