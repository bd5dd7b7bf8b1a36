// CacheKeyArguments.swift: which query parameters and form fields count in a response's cache key (YTKRequest's cacheFileNameFilterForRequestArgument).

/// Which of a call's arguments (its URL's query parameters and its form body's fields) count
/// in its cache key, as YTKNetwork's `cacheFileNameFilterForRequestArgument:` filters them, so
/// a timestamp or a signature a URL filter adds does not make every call miss:
///
/// ```swift
/// options.cache = CacheOptions(policy: .cacheElseNetwork, time: .seconds(60), keyArguments: .ignoring(["ts", "sign"]))
/// ```
///
/// Names compare exactly, after percent-decoding. Other bodies (JSON, protobuf) count whole.
public struct CacheKeyArguments: Sendable, Hashable {
    /// Names that never count.
    public var ignored: Set<String>
    /// When set, only these names count (``ignored`` still applies).
    public var only: Set<String>?

    /// Every argument counts (the default).
    public static let all = CacheKeyArguments(ignored: [], only: nil)

    /// Every argument but these counts.
    public static func ignoring(_ names: Set<String>) -> CacheKeyArguments { CacheKeyArguments(ignored: names, only: nil) }

    /// Only these arguments count.
    public static func only(_ names: Set<String>) -> CacheKeyArguments { CacheKeyArguments(ignored: [], only: names) }

    /// A filter leaving out `ignored` and, when `only` is set, every name not in it.
    public init(ignored: Set<String> = [], only: Set<String>? = nil) {
        self.ignored = ignored
        self.only = only
    }

    /// Whether nothing is filtered.
    var keepsAll: Bool { ignored.isEmpty && only == nil }

    /// Whether the argument `name` counts.
    func counts(_ name: String) -> Bool {
        !ignored.contains(name) && (only?.contains(name) ?? true)
    }

    /// `url` with the query parameters that do not count left out (their order kept).
    func filteringQuery(of url: String) -> String {
        guard !keepsAll, let mark = url.firstIndex(of: "?") else { return url }
        let fragment = url[mark...].firstIndex(of: "#")
        let query = url[url.index(after: mark)..<(fragment ?? url.endIndex)]
        let kept = filtering(pairs: query)
        return String(url[..<mark]) + (kept.isEmpty ? "" : "?" + kept) + (fragment.map { String(url[$0...]) } ?? "")
    }

    /// A form body (`a=1&b=2`) with the fields that do not count left out.
    func filteringForm(_ body: [UInt8]) -> [UInt8] {
        guard !keepsAll else { return body }
        return Array(filtering(pairs: Substring(String(decoding: body, as: UTF8.self))).utf8)
    }

    /// `a=1&b=2`-style pairs, those whose name does not count left out.
    private func filtering(pairs: Substring) -> String {
        pairs.split(separator: "&", omittingEmptySubsequences: true).filter { pair in
            let name = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
            return counts(Self.decoded(name))
        }.joined(separator: "&")
    }

    /// A form-encoded name, `+` as space and percent escapes decoded (as is when malformed).
    private static func decoded(_ name: String) -> String {
        var bytes: [UInt8] = []
        var iterator = Array(name.utf8).makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "+"): bytes.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                guard let high = iterator.next(), let low = iterator.next(),
                      let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16) else { return name }
                bytes.append(value)
            default: bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
