// ResponseCacheKeyTests.swift: every part of a call that the cache key covers changes the key; the rest does not.
import ProtoHTTPOffline
import Testing

@Suite struct ResponseCacheKeyTests {
    func key(method: String = "POST", url: String = "http://h/a", protocolName: String = "connect",
             contentType: String? = "application/proto", accept: String? = nil, body: [UInt8] = [1, 2],
             salt: String = "", version: Int = 0) -> ResponseCacheKey {
        ResponseCacheKey(method: method, url: url, protocolName: protocolName, contentType: contentType, accept: accept,
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
            key(method: "GET"), key(url: "http://h/b"), key(protocolName: "twirp"), key(contentType: "application/json"),
            key(accept: "application/json"), key(body: [1, 2, 3]), key(salt: "user-7"), key(version: 1),
        ]
        for variant in variants { #expect(variant != base) }
        #expect(Set(variants.map(\.digest)).count == variants.count)
    }

    @Test func partsAreLengthPrefixed() {
        // "ab" + "c" and "a" + "bc" must not collide.
        #expect(key(url: "ab", protocolName: "c") != key(url: "a", protocolName: "bc"))
        #expect(key(salt: "1", version: 0) != key(salt: "", version: 10))
    }
}
