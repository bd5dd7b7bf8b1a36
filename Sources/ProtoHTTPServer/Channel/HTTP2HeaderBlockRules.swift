// HTTP2HeaderBlockRules.swift: the RFC 9113 § 8.2-8.3 rules a request's header and trailer blocks must meet, checked byte by byte.
#if HTTP2
import NIOHPACK

/// What makes an HTTP/2 request header block or trailer block malformed (RFC 9113 § 8.2-8.3).
///
/// NIOHTTP2 checks the same rules when its `headerBlockValidation` is on, on `Substring`s and
/// `String` comparisons, for the blocks it receives and the ones it sends: about a tenth of the
/// server's instructions per gRPC call. The server turns that off and checks the blocks it
/// receives here, on the fields' UTF-8 bytes, in one pass; the blocks it sends come from
/// `HTTPFields`, whose names are tokens and whose values never hold CR, LF or NUL, and
/// NIOHTTP2's HTTP/1-to-HTTP/2 codec lowercases the names and drops connection-specific fields.
enum HTTP2HeaderBlockRules {
    /// Why a block is malformed: the rule it breaks and the field that breaks it.
    enum Violation: Equatable, CustomStringConvertible {
        /// A name is empty, has an uppercase letter, or a byte outside `tchar`.
        case invalidName(String)
        /// A regular field's value holds CR, LF or NUL; a pseudo-header's, a control byte, space or DEL.
        case invalidValue(name: String)
        /// A connection-specific field (`connection`, `keep-alive`, `proxy-connection`,
        /// `transfer-encoding`, `upgrade`), or `te` with a value other than `trailers`.
        case connectionSpecific(String)
        /// A pseudo-header after a regular field, in trailers, unknown (`:status`,
        /// `:protocol` without extended CONNECT), or twice.
        case misplacedPseudoHeader(String)
        /// `:method`, `:scheme` or `:path` missing (or, on CONNECT, `:authority`), or `:path` empty.
        case missingPseudoHeader(String)

        var description: String {
            switch self {
            case .invalidName(let name): "the field name \"\(name)\" is not a lowercase token"
            case .invalidValue(let name): "the value of \(name) holds a byte a field value must not"
            case .connectionSpecific(let name): "\(name) is connection-specific and not allowed in HTTP/2"
            case .misplacedPseudoHeader(let name): "the pseudo-header \(name) is not allowed where it is"
            case .missingPseudoHeader(let name): "the request's \(name) is missing or empty"
            }
        }
    }

    /// The pseudo-headers a request may carry, as bits.
    private struct Pseudo: OptionSet {
        let rawValue: UInt8
        static let method = Pseudo(rawValue: 1)
        static let scheme = Pseudo(rawValue: 2)
        static let path = Pseudo(rawValue: 4)
        static let authority = Pseudo(rawValue: 8)
    }

    /// The first rule `block`, a request's header block, breaks, or nil when it is well-formed.
    static func violation(ofRequest block: HPACKHeaders) -> Violation? {
        var seen: Pseudo = []
        var regularBegun = false
        var isConnect = false
        for (name, value, _) in block {
            let nameBytes = name.utf8
            if nameBytes.first == UInt8(ascii: ":") {
                guard !regularBegun else { return .misplacedPseudoHeader(name) }
                guard let pseudo = pseudoHeader(name), !seen.contains(pseudo) else { return .misplacedPseudoHeader(name) }
                guard isPseudoHeaderValue(value) else { return .invalidValue(name: name) }
                seen.insert(pseudo)
                if pseudo == .method { isConnect = value == "CONNECT" }
                if pseudo == .path, value.isEmpty { return .missingPseudoHeader(":path") }
            } else {
                regularBegun = true
                if let violation = violation(ofRegular: name, value: value, te: true) { return violation }
            }
        }
        if isConnect {
            if seen.contains(.scheme) { return .misplacedPseudoHeader(":scheme") }
            if seen.contains(.path) { return .misplacedPseudoHeader(":path") }
            if !seen.contains(.authority) { return .missingPseudoHeader(":authority") }
            return nil
        }
        if !seen.contains(.method) { return .missingPseudoHeader(":method") }
        if !seen.contains(.scheme) { return .missingPseudoHeader(":scheme") }
        if !seen.contains(.path) { return .missingPseudoHeader(":path") }
        return nil
    }

    /// The first rule `block`, a request's trailers, breaks, or nil when it is well-formed.
    static func violation(ofTrailers block: HPACKHeaders) -> Violation? {
        for (name, value, _) in block {
            if name.utf8.first == UInt8(ascii: ":") { return .misplacedPseudoHeader(name) }
            if let violation = violation(ofRegular: name, value: value, te: false) { return violation }
        }
        return nil
    }

    /// The rule a regular field breaks; `te: trailers` is allowed only where `te` is true.
    private static func violation(ofRegular name: String, value: String, te: Bool) -> Violation? {
        guard isLowercaseToken(name) else { return .invalidName(name) }
        guard isFieldValue(value) else { return .invalidValue(name: name) }
        switch name.utf8.count {
        case 2 where name == "te":
            return te && value == "trailers" ? nil : .connectionSpecific(name)
        case 7 where name == "upgrade",
             10 where name == "connection" || name == "keep-alive",
             16 where name == "proxy-connection",
             17 where name == "transfer-encoding":
            return .connectionSpecific(name)
        default:
            return nil
        }
    }

    /// The request pseudo-header `name` is, or nil for any other (`:status`, `:protocol`, unknown).
    private static func pseudoHeader(_ name: String) -> Pseudo? {
        switch name.utf8.count {
        case 5 where name == ":path": .path
        case 7 where name == ":method": .method
        case 7 where name == ":scheme": .scheme
        case 10 where name == ":authority": .authority
        default: nil
        }
    }

    /// Whether `name` is a non-empty token with no uppercase letter (RFC 9113 § 8.2.1).
    static func isLowercaseToken(_ name: String) -> Bool {
        var name = name
        return name.withUTF8 { bytes in
            !bytes.isEmpty && bytes.allSatisfy { byte in
                switch byte {
                case 0x21, 0x23...0x27, 0x2A, 0x2B, 0x2D, 0x2E, 0x30...0x39, 0x5E...0x7A, 0x7C, 0x7E: true
                default: false
                }
            }
        }
    }

    /// Whether a regular field's value is free of CR, LF and NUL (RFC 9113 § 8.2.1).
    static func isFieldValue(_ value: String) -> Bool {
        var value = value
        return value.withUTF8 { bytes in
            !bytes.contains { $0 == 0x0D || $0 == 0x0A || $0 == 0x00 }
        }
    }

    /// Whether a pseudo-header's value is free of control bytes, space and DEL (RFC 9113 § 8.3).
    static func isPseudoHeaderValue(_ value: String) -> Bool {
        var value = value
        return value.withUTF8 { bytes in
            !bytes.contains { $0 <= 0x20 || $0 == 0x7F }
        }
    }
}
#endif
