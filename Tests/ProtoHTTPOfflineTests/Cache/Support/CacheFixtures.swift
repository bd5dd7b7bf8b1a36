// CacheFixtures.swift: what the cache tests share: temp folders, sample responses and keys, waiting, a transport.
import Foundation
import ProtoHTTPOffline
import Testing
import HTTPTypes
import ProtoHTTP

/// Helpers of the cache suites, in one namespace so they cannot clash with other suites' helpers.
enum CacheFixtures {
    /// A fresh folder under the temp directory, removed by `body`'s end (also when it throws).
    static func withTempFolder<T>(_ body: (String) async throws -> T) async throws -> T {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("protohttp-cache-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try await body(path)
    }

    /// A key unique to `name`.
    static func key(_ name: String) -> ResponseCacheKey {
        ResponseCacheKey(method: "POST", url: "http://127.0.0.1/\(name)", rpcProtocol: .connect, contentType: "application/proto",
                         accept: nil, body: Array(name.utf8), salt: "", version: 0)
    }

    /// A 200 response whose `byteCount` is exactly `cost` (at least the fixed overhead plus its headers).
    static func response(cost: Int, tag: UInt8 = 7, etag: String? = nil, version: Int = 0) -> CachedResponse {
        var headers = HTTPFields([HTTPField(name: .contentType, value: "application/proto")])
        if let etag { headers.append(HTTPField(name: .eTag, value: etag)) }
        let overhead = CachedResponse(status: 200, headers: headers, body: [], storedAt: 0, version: version).byteCount
        return CachedResponse(status: 200, headers: headers, body: [UInt8](repeating: tag, count: max(0, cost - overhead)),
                              storedAt: 1_700_000_000.5, version: version)
    }

    /// An HTTP transport that ignores proxy settings (loopback peers only).
    static func transport() throws -> HTTPTransport {
        var configuration = TransportConfiguration()
        configuration.proxy = .none
        return try HTTPTransport(configuration: configuration)
    }
}
