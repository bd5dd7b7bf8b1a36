// IPAddressText.swift: raw IPv4 / IPv6 address bytes from netlink as text (inet_ntop).
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Formats the address bytes netlink carries.
package enum IPAddressText {
    /// `bytes` (4 for IPv4, 16 for IPv6) as text; hex digits for any other length, so a
    /// malformed attribute is visible rather than dropped.
    package static func format(_ bytes: [UInt8]) -> String {
        let family: Int32
        switch bytes.count {
        case 4: family = AF_INET
        case 16: family = AF_INET6
        default:
            let digits = Array("0123456789abcdef")
            return "0x" + String(bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0xF)]] })
        }
        var text = [CChar](repeating: 0, count: 64)
        let ok = bytes.withUnsafeBytes { raw in
            text.withUnsafeMutableBufferPointer { out in inet_ntop(family, raw.baseAddress, out.baseAddress, socklen_t(out.count)) != nil }
        }
        guard ok else { return "?" }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
