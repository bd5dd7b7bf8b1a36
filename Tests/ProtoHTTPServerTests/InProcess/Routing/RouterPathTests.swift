// RouterPathTests.swift: the path part of a request target, as the router looks routes up by it.
@testable import ProtoHTTPServer
import Testing

@Suite("Router: the path of a request target")
struct RouterPathTests {
    @Test("the query and the fragment are cut at the first ? or #; everything else stays", arguments: [
        ("/notes.v1.Notes/Get", "/notes.v1.Notes/Get"),
        ("/notes.v1.Notes/Get?encoding=json&message=e30", "/notes.v1.Notes/Get"),
        ("/p#frag?x", "/p"),
        ("/p?", "/p"),
        ("?only=query", ""),
        ("", ""),
        ("/caf\u{E9}/M\u{F6}te?q=\u{1F600}", "/caf\u{E9}/M\u{F6}te"),
    ])
    func path(uri: String, expected: String) {
        #expect(Router.path(of: uri) == expected)
        #expect(Router.path(of: String(uri[...])) == expected)
    }
}
