// DownloadRulesTests.swift: the pure rules of downloads: Content-Range parsing, what a response does to the file, resume records.
import Testing
@testable import ProtoHTTP
import HTTPTypes
import ProtoHTTPCore

@Suite("Download rules")
struct DownloadRulesTests {
    @Test("Content-Range: byte ranges, unknown lengths and 416's */N parse; malformed ones do not")
    func contentRange() {
        #expect(ContentRange("bytes 100-199/1000") == ContentRange(range: 100...199, completeLength: 1000))
        #expect(ContentRange("  bytes 0-0/*") == ContentRange(range: 0...0, completeLength: nil))
        #expect(ContentRange("bytes */1000") == ContentRange(range: nil, completeLength: 1000))
        for bad in ["", "bytes", "items 0-1/2", "bytes 5-4/10", "bytes 0-10/10", "bytes */*", "bytes 1-2", "bytes -1-2/5",
                    "bytes 1-2/x", "bytes 0-99999999999999999999/*", "bytes 1 - 2/5"] {
            #expect(ContentRange(bad) == nil, "\(bad)")
        }
    }

    private func decide(_ status: Int, _ headers: [(String, String)], offset: Int64 = 0, limit: Int64 = 1 << 30) -> BodyFileDecision {
        BodyFileDecision.decide(status: status, headers: HTTPFields(headers.map { HTTPField(name: .named($0.0), value: $0.1) }),
                                file: ResponseBodyFile(path: "/tmp/x.partial", resumeOffset: offset), limit: limit)
    }

    @Test("a response's effect on the body file: 200 starts over, a matching 206 continues, anything else is refused or left alone")
    func decisions() {
        #expect(decide(200, [("Content-Length", "10")]) == .write(offset: 0))
        #expect(decide(200, [], offset: 500) == .write(offset: 0), "a server ignoring Range: start over")
        #expect(decide(204, []) == .write(offset: 0))
        #expect(decide(206, [("Content-Range", "bytes 500-999/1000")], offset: 500) == .write(offset: 500))
        #expect(decide(206, [("Content-Range", "bytes 500-999/*")], offset: 500) == .write(offset: 500))
        #expect(decide(416, [("Content-Range", "bytes */500")], offset: 500) == .complete(size: 500))
        #expect(decide(416, [("Content-Range", "bytes */900")], offset: 500) == .memory, "a 416 for another length is an error response")
        #expect(decide(404, []) == .memory)
        #expect(decide(500, [("Content-Length", "99999999999")]) == .memory, "the limit is the file's, not an error body's")

        func failure(_ decision: BodyFileDecision) -> ProtoHTTPError? {
            if case .fail(let error) = decision { return error }
            return nil
        }
        let wrongStart = failure(decide(206, [("Content-Range", "bytes 0-999/1000")], offset: 500))
        #expect(wrongStart?.code == .failedPrecondition)
        #expect(wrongStart?.message.contains("/tmp/x.partial") == true)
        #expect(wrongStart?.message.contains("starts over") == true)
        #expect(failure(decide(206, [("Content-Range", "bytes 500-599/1000")], offset: 500))?.code == .failedPrecondition, "stops short")
        #expect(failure(decide(206, [], offset: 500))?.code == .failedPrecondition, "no Content-Range (a multipart/byteranges reply)")
        let tooBig = failure(decide(200, [("Content-Length", "2000")], limit: 1000))
        #expect(tooBig?.code == .resourceExhausted)
        #expect(tooBig?.message.contains("1000 bytes") == true)
        #expect(failure(decide(206, [("Content-Range", "bytes 500-1999/2000")], offset: 500, limit: 1000))?.code == .resourceExhausted)
    }

    @Test("resume records: a strong ETag, else Last-Modified, else none; the text round-trips; junk does not parse")
    func resumeRecords() {
        func headers(_ pairs: [(String, String)]) -> HTTPFields { HTTPFields(pairs.map { HTTPField(name: .named($0.0), value: $0.1) }) }
        let strong = ResumeRecord(url: "http://h/f", headers: headers([("ETag", "\"abc-1\""), ("Last-Modified", "Tue, 24 Nov 2026 10:00:00 GMT")]))
        #expect(strong?.validator == "\"abc-1\"")
        let weak = ResumeRecord(url: "http://h/f", headers: headers([("ETag", "W/\"abc\""), ("Last-Modified", "Tue, 24 Nov 2026 10:00:00 GMT")]))
        #expect(weak?.validator == "Tue, 24 Nov 2026 10:00:00 GMT", "a weak ETag cannot go in If-Range")
        #expect(ResumeRecord(url: "http://h/f", headers: headers([("ETag", "W/\"abc\"")])) == nil)
        #expect(ResumeRecord(url: "http://h/f", headers: [:]) == nil)
        let record = ResumeRecord(url: "http://h/f?a=1", validator: "\"x\"")
        #expect(ResumeRecord(text: record.text) == record)
        #expect(ResumeRecord(text: "garbage") == nil)
        #expect(ResumeRecord(text: "protohttp-resume 1\nurl http://h/f\n") == nil, "no validator")
        #expect(DownloadFiles.folder(of: "/a/b/c.bin") == "/a/b")
        #expect(DownloadFiles.folder(of: "/c.bin") == "/")
        #expect(DownloadFiles.folder(of: "c.bin") == ".")
    }
}
