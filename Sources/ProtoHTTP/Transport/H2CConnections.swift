// H2CConnections.swift: the origins with an h2c connection in the engine's cache, for reuse on libcurl before 8.0.
import Synchronization

/// Origins (`http://host:port`) to which a prior-knowledge HTTP/2 transfer has made a
/// connection that libcurl keeps in its cache.
///
/// libcurl before 8.0.0 fails a prior-knowledge transfer that reuses a connection
/// ("Error in the HTTP2 framing layer", curl issue 10634; Debian 12 ships 7.88.1), yet a
/// transfer asking for plain `CURL_HTTP_VERSION_2_0` reuses the same HTTP/2 connection
/// without trouble. So on those versions the first h2c transfer to an origin goes with prior
/// knowledge on a fresh connection, and later ones ask for HTTP/2 and reuse it. Should the
/// connection be gone meanwhile, libcurl opens a new one in HTTP/1.1 (with an `Upgrade: h2c`
/// offer): the origin is forgotten, and a gRPC call, which no server answers over HTTP/1.1,
/// is sent again with prior knowledge (``CurlTransfer/recordH2CConnection(succeeded:)``). A
/// gRPC stream cannot be sent again that way (its messages went out, the refusal went to its
/// reader), so it always goes with prior knowledge on a connection of its own; a connection
/// closes under a reuse at the moment a failed or cancelled call's transfer is stopped, and
/// when the server closes it idle.
final class H2CConnections: Sendable {
    private let origins = Mutex<Set<String>>([])

    /// Whether an h2c connection to `origin` is known.
    func contains(_ origin: String) -> Bool { origins.withLock { $0.contains(origin) } }

    /// Records a connection made to `origin`.
    func insert(_ origin: String) { origins.withLock { _ = $0.insert(origin) } }

    /// Forgets `origin`: its connection is gone.
    func remove(_ origin: String) { origins.withLock { _ = $0.remove(origin) } }

    /// `scheme://host[:port]` of `url`, lowercased; the whole URL when it has no `://`.
    /// Read byte by byte: each gRPC call asks twice, and Foundation's `range(of:)` with
    /// Character-wise scanning cost about 5,000 instructions a time.
    static func origin(of url: String) -> String {
        let utf8 = url.utf8
        var index = utf8.startIndex
        var authorityStart: String.Index?
        while index != utf8.endIndex {
            if utf8[index] == UInt8(ascii: ":"), utf8[index...].starts(with: "://".utf8) {
                authorityStart = utf8.index(index, offsetBy: 3)
                break
            }
            index = utf8.index(after: index)
        }
        guard let authorityStart else { return url.lowercased() }
        let authorityEnd = utf8[authorityStart...].firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }
            ?? utf8.endIndex
        return String(url[..<authorityEnd]).lowercased()
    }
}
