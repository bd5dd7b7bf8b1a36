// ResponseCacheKeyTests.swift: every part of a call that the cache key covers changes the key; the rest does not.
import ProtoHTTPOffline
import Testing
import ProtoHTTPCore

@Suite struct ResponseCacheKeyTests {
    func key(method: HTTPMethod = .post, url: String = "http://h/a", rpcProtocol: RPCProtocol = .connect,
             contentType: String? = "application/proto", accept: String? = nil, body: [UInt8] = [1, 2],
             salt: String = "", version: Int = 0) -> ResponseCacheKey {
        ResponseCacheKey(method: method, url: url, rpcProtocol: rpcProtocol, contentType: contentType, accept: accept,
                         body: body, salt: salt, version: version)
    }

    @Test func sameCallSameKey() {
        #expect(key() == key())
        #expect(key().digest.count == 64)
        #expect(key().digest.allSatisfy { "0123456789abcdef".contains($0) })
    }

    @Test func everyPartChangesTheKey() {
        let base = key()
        let variants = [
            key(method: .get), key(url: "http://h/b"), key(rpcProtocol: .twirp), key(contentType: "application/json"),
            key(accept: "application/json"), key(body: [1, 2, 3]), key(salt: "user-7"), key(version: 1),
        ]
        for variant in variants { #expect(variant != base) }
        #expect(Set(variants.map(\.digest)).count == variants.count)
    }

    @Test func partsAreLengthPrefixed() {
        // "ab" + "c" and "a" + "bc" must not collide.
        #expect(key(contentType: "ab", accept: "c") != key(contentType: "a", accept: "bc"))
        #expect(key(salt: "1", version: 0) != key(salt: "", version: 10))
    }
}
