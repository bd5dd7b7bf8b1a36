// Comments.swift: `.proto` comments (SourceCodeInfo) turned into `///` doc comment lines.

import ProtoDescriptors

/// Leading comments of a file's declarations, looked up by SourceCodeInfo path.
struct Comments {
    private var leading: [[Int32]: String] = [:]

    init(_ file: Google_Protobuf_FileDescriptorProto) {
        for location in file.sourceCodeInfo.location where location.hasLeadingComments {
            leading[location.path] = location.leadingComments
        }
    }

    /// The leading comment of the declaration at `path` as doc lines (without `///`), or `[]`.
    func lines(_ path: [Int32]) -> [String] {
        guard let text = leading[path] else { return [] }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            var l = String(line)
            while l.last == " " || l.last == "\t" || l.last == "\r" { l.removeLast() }
            // protoc keeps the space after `//`; CodePrinter adds its own.
            if l.first == " " { l.removeFirst() }
            return l
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        while lines.first?.isEmpty == true { lines.removeFirst() }
        return lines
    }

    /// The comment at `path`, or `fallback` when the `.proto` has none.
    func doc(_ path: [Int32], fallback: [String]) -> [String] {
        let l = lines(path)
        return l.isEmpty ? fallback : l
    }
}
