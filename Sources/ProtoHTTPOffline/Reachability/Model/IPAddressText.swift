// IPAddressText.swift: raw IPv4 / IPv6 address bytes from netlink as text (inet_ntop).
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Formats the address bytes netlink carries.
package enum IPAddressText {
    /// `bytes` (4 for IPv4, 16 for IPv6) as text; a hex dump for any other length, so a
    /// malformed attribute is visible rather than dropped.
    package static func format(_ bytes: [UInt8]) -> String {
        let family: Int32
        switch bytes.count {
        case 4: family = AF_INET
        case 16: family = AF_INET6
        default: return "0x" + bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
        }
        var text = [CChar](repeating: 0, count: 64)
        let ok = bytes.withUnsafeBytes { raw in
            text.withUnsafeMutableBufferPointer { out in inet_ntop(family, raw.baseAddress, out.baseAddress, socklen_t(out.count)) != nil }
        }
        guard ok else { return "?" }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
