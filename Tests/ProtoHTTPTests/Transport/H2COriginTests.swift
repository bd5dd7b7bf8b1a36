// H2COriginTests.swift: the origin an h2c connection is remembered under: scheme, host and port, lowercased, whatever follows.
import Testing
@testable import ProtoHTTP

@Suite struct H2COriginTests {
    @Test(arguments: [
        ("http://127.0.0.1:8080/protohttp.bench.Bench/Echo", "http://127.0.0.1:8080"),
        ("HTTP://Example.COM:80/a?b#c", "http://example.com:80"),
        ("http://host?query=/x", "http://host"),
        ("http://host#frag/x", "http://host"),
        ("http://host", "http://host"),
        ("http://[::1]:9000/p", "http://[::1]:9000"),
        ("http://user@host.example/p", "http://user@host.example"),
        ("http://xn--bcher-kva.example/p", "http://xn--bcher-kva.example"),
        ("no-scheme/Path", "no-scheme/path"),
        ("http:/one-slash", "http:/one-slash"),
        ("", ""),
    ])
    func originOfURL(url: String, origin: String) {
        #expect(H2CConnections.origin(of: url) == origin)
    }
}
