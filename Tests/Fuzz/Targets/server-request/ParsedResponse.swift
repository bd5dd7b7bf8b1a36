// ParsedResponse.swift: a strict reader of the HTTP/1.x responses the server wrote, for the server-request fuzz target.

/// One response as the server wrote it.
struct ParsedResponse {
    var status: Int
    var headers: [(name: String, value: String)]
    var body: ArraySlice<UInt8>
    /// Whether it carries `Connection: close`.
    var closes: Bool {
        headers.contains { $0.name.lowercased() == "connection" && $0.value.lowercased() == "close" }
    }

    struct Problem: Error { var reason: String }

    /// Every response in `bytes`, which must hold whole responses and nothing else: a status
    /// line `HTTP/1.x NNN reason`, header lines `name: value`, and a body of exactly its
    /// `Content-Length` (which every final response has, once).
    static func parseAll(_ bytes: [UInt8]) -> Result<[ParsedResponse], Problem> {
        var responses: [ParsedResponse] = []
        var rest = bytes[...]
        while !rest.isEmpty {
            guard let headEnd = find([13, 10, 13, 10], in: rest) else {
                return .failure(Problem(reason: "\(rest.count) bytes that are not a whole response head"))
            }
            let lines = split(rest[rest.startIndex..<headEnd])
            guard let statusLine = lines.first, statusLine.count >= 12,
                  statusLine.starts(with: Array("HTTP/1.".utf8)), statusLine[statusLine.startIndex + 8] == UInt8(ascii: " "),
                  let status = Int(String(decoding: statusLine.dropFirst(9).prefix(3), as: UTF8.self)), (100...599).contains(status)
            else {
                return .failure(Problem(reason: "a bad status line \"\(String(decoding: lines.first ?? [], as: UTF8.self))\""))
            }
            var headers: [(name: String, value: String)] = []
            for line in lines.dropFirst() {
                guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > line.startIndex,
                      line[line.startIndex..<colon].allSatisfy(isTokenByte),
                      !line.contains(where: { $0 == 13 || $0 == 10 || $0 == 0 })
                else {
                    return .failure(Problem(reason: "a bad header line \"\(String(decoding: line, as: UTF8.self))\""))
                }
                let value = String(decoding: line[(colon + 1)...], as: UTF8.self).trimmingSpaces
                headers.append((String(decoding: line[line.startIndex..<colon], as: UTF8.self), value))
            }
            rest = rest[(headEnd + 4)...]
            var response = ParsedResponse(status: status, headers: headers, body: [])
            if status >= 200 {
                let lengths = headers.filter { $0.name.lowercased() == "content-length" }
                guard lengths.count == 1, let length = Int(lengths[0].value), length >= 0 else {
                    return .failure(Problem(reason: "a \(status) response with \(lengths.count) Content-Length headers"))
                }
                guard !headers.contains(where: { $0.name.lowercased() == "transfer-encoding" }) else {
                    return .failure(Problem(reason: "a \(status) response with both Content-Length and Transfer-Encoding"))
                }
                guard rest.count >= length else {
                    return .failure(Problem(reason: "a \(status) response announcing \(length) body bytes, with \(rest.count) written"))
                }
                response.body = rest.prefix(length)
                rest = rest.dropFirst(length)
            }
            responses.append(response)
        }
        return .success(responses)
    }

    private static func find(_ needle: [UInt8], in haystack: ArraySlice<UInt8>) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        var i = haystack.startIndex
        while i <= haystack.endIndex - needle.count {
            if haystack[i..<(i + needle.count)].elementsEqual(needle) { return i }
            i += 1
        }
        return nil
    }

    private static func split(_ head: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        var lines: [ArraySlice<UInt8>] = []
        var start = head.startIndex
        var i = head.startIndex
        while i < head.endIndex {
            if head[i] == 13, i + 1 < head.endIndex, head[i + 1] == 10 {
                lines.append(head[start..<i])
                i += 2
                start = i
            } else {
                i += 1
            }
        }
        lines.append(head[start..<head.endIndex])
        return lines
    }

    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
        }
    }
}

extension String {
    /// Without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        var scalars = Substring(self)
        while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
        while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
        return String(scalars)
    }
}
