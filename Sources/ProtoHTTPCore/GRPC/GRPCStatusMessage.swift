// GRPCStatusMessage.swift: grpc-message's percent-encoding: UTF-8, bytes outside printable ASCII and '%' escaped.

/// The `grpc-message` header's encoding: the message's UTF-8 bytes, with `%` and every byte
/// outside printable ASCII (0x20–0x7E) written `%XX` (uppercase hex).
public enum GRPCStatusMessage {
    /// `message` as a `grpc-message` value.
    public static func encode(_ message: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(message.utf8.count)
        let hex = Array("0123456789ABCDEF".utf8)
        for byte in message.utf8 {
            if byte >= 0x20, byte <= 0x7E, byte != UInt8(ascii: "%") {
                out.append(byte)
            } else {
                out.append(UInt8(ascii: "%"))
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0x0F)])
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The message a `grpc-message` value carries. As the spec asks of receivers, a `%` not
    /// followed by two hex digits is kept as it is, and bytes that are not UTF-8 become U+FFFD:
    /// a malformed message is still shown, never an error.
    public static func decode(_ value: String) -> String {
        let bytes = Array(value.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
               let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2]) {
                out.append(high << 4 | low)
                index += 3
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
