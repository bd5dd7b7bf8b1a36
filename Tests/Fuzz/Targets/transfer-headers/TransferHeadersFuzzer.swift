// TransferHeadersFuzzer.swift: libFuzzer target: Content-Range, resume records and the body-file decision of a download, on arbitrary header text.
import FuzzSupport
import HTTPTypes
import ProtoHTTPCore
@testable import ProtoHTTP

/// Three readings of every input, none of which may trap:
/// - as a `Content-Range` value: a parsed range is ordered, inside its complete length, and
///   reads back the same from its canonical form;
/// - as a resume record (`<file>.partial.meta`): a parsed record reads back the same from the
///   text it writes, and its validator has no control characters;
/// - as a response to a download resuming at some offset (first byte: the status; second: the
///   offset in KiB; the rest: `Name: value` lines): the decision writes from 0 or from the
///   offset (a 206 only from the offset), completes only a 416 at the offset, and a refusal
///   says why.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = Array(UnsafeRawBufferPointer(start: data, count: size))
    let text = String(decoding: input, as: UTF8.self)

    if let range = ContentRange(text) {
        let complete = range.completeLength.map { String($0) } ?? "*"
        if let bytes = range.range {
            fuzzCheck(bytes.lowerBound >= 0, "a negative range start from \(text)")
            if let length = range.completeLength { fuzzCheck(bytes.upperBound < length, "a range past its length from \(text)") }
            fuzzCheck(ContentRange("bytes \(bytes.lowerBound)-\(bytes.upperBound)/\(complete)") == range, "\(text) does not read back")
        } else {
            fuzzCheck(range.completeLength != nil, "bytes */* was accepted: \(text)")
            fuzzCheck(ContentRange("bytes */\(complete)") == range, "\(text) does not read back")
        }
    }

    if let record = ResumeRecord(text: text) {
        fuzzCheck(ResumeRecord(text: record.text) == record, "a resume record does not read back: \(record)")
        fuzzCheck(!record.validator.utf8.contains { $0 < 32 && $0 != 9 }, "a validator with a control character: \(record)")
    }

    let statuses = [200, 206, 416, 404, 304, 204, 299, 500]
    let status = input.first.map { statuses[Int($0) % statuses.count] } ?? 200
    let offset = input.count > 1 ? Int64(input[1]) * 1024 : 0
    // Lines whose name is no valid HTTPField.Name are left out, as the transport leaves them out.
    let headers = HTTPFields(String(decoding: input.dropFirst(2), as: UTF8.self).split(separator: "\n").compactMap { line -> HTTPField? in
        let parts = line.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, let name = HTTPField.Name(String(parts[0])) else { return nil }
        return HTTPField(name: name, value: String(parts[1]))
    })
    let file = ResponseBodyFile(path: "/nonexistent/protohttp-fuzz.bin", resumeOffset: offset)
    switch BodyFileDecision.decide(status: status, headers: headers, file: file, limit: 1 << 20) {
    case .write(let from):
        fuzzCheck((200..<300).contains(status), "a \(status) written to the file")
        fuzzCheck(from == 0 || from == offset, "written from \(from), neither 0 nor the offset \(offset)")
        if status == 206 { fuzzCheck(from == offset, "a 206 written from \(from), not the offset \(offset)") }
    case .complete(let size):
        fuzzCheck(status == 416 && size == offset && offset > 0, "a \(status) completed a file of \(size) bytes at offset \(offset)")
    case .fail(let error):
        fuzzCheck(!error.message.isEmpty, "a refusal without a message")
    case .memory:
        fuzzCheck(!(200..<300).contains(status), "a \(status) kept in memory")
    }
    return 0
}
