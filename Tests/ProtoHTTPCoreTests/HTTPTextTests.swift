// HTTPTextTests.swift: the header-text helpers both sides share: line-break checks, prefixes, in-place UTF-8.

import Foundation
@testable import ProtoHTTPCore
import Testing

@Suite struct HTTPTextTests {
    @Test func lineBreaksAndNULAreFoundAnywhere() {
        #expect(!HTTPText.containsLineBreakOrNUL("application/proto"))
        #expect(!HTTPText.containsLineBreakOrNUL(""))
        for bad in ["a\rb", "a\nb", "tail\r\n", "\0lead", "naïve\u{0}", String(repeating: "x", count: 40) + "\n"] {
            #expect(HTTPText.containsLineBreakOrNUL(bad), "\(bad.debugDescription)")
        }
    }

    /// Native and small strings lend their UTF-8; one from Foundation (bridged, with no
    /// contiguous UTF-8, on Darwin) reads the same.
    @Test func withUTF8ReadsNativeSmallAndFoundationStrings() {
        let native = String(repeating: "héllo ", count: 10)
        let small = "h:/"
        let bridged = NSString(string: "bridged text\r\n") as String
        #expect(HTTPText.withUTF8(native) { Array($0) } == Array(native.utf8))
        #expect(HTTPText.withUTF8(small) { Array($0) } == Array(small.utf8))
        #expect(HTTPText.withUTF8(bridged) { Array($0) } == Array("bridged text\r\n".utf8))
        #expect(HTTPText.containsLineBreakOrNUL(bridged))
    }

    @Test func prefixesMatchExactlyOrWithoutCase() {
        func check(_ text: String, _ prefix: StaticString, ignoringCase: Bool = false) -> Bool {
            HTTPText.withUTF8(text) { HTTPText.hasPrefix(UnsafeRawBufferPointer($0), prefix, ignoringCase: ignoringCase) }
        }
        #expect(check("HTTP/1.1 200 OK", "HTTP/"))
        #expect(!check("http/1.1 200 OK", "HTTP/"))
        #expect(!check("HTTP", "HTTP/"))  // shorter than the prefix
        #expect(check("HTTPS://api.example.com", "https:", ignoringCase: true))
        #expect(check("https:", "https:", ignoringCase: true))
        #expect(!check("http://api.example.com", "https:", ignoringCase: true))
        #expect(!check("", "https:", ignoringCase: true))
        // Only letters fold: 0x1A is not ':' (0x3A) and '\r' is not '-', whatever bit 5 says.
        #expect(!check("https\u{1A}//", "https:", ignoringCase: true))
        #expect(!check("content\rtype", "content-type", ignoringCase: true))
        #expect(check("CONTENT-TYPE", "content-type", ignoringCase: true))
    }
}
