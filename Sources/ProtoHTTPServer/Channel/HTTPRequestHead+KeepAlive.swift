// HTTPRequestHead+KeepAlive.swift: whether a connection goes on after the answer to a request: never after an upgrade offer.
import NIOHTTP1

extension HTTPRequestHead {
    /// Whether the connection serves more requests after this one's answer. An HTTP/2 stream
    /// carries one exchange and its connection stays. An HTTP/1.1 request that offers an
    /// upgrade (`Connection: Upgrade`, as libcurl's `Upgrade: h2c` does) ends its connection:
    /// NIO's decoder stops reading HTTP after such a request, expecting the new protocol, so a
    /// later request on it would never be read (libcurl sent one and waited until its timeout).
    var keepsConnection: Bool {
        if version.major >= 2 { return true }
        guard isKeepAlive else { return false }
        return !headers[canonicalForm: "connection"].contains { $0.lowercased() == "upgrade" }
    }
}
