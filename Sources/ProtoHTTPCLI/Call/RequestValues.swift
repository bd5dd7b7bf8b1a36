// RequestValues.swift: the request messages of a streaming call, from -d: each JSON value as soon as it is whole (standard input read as it comes).
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The JSON texts of a streaming call's request messages, in order: `-d` holds any number of
/// JSON values written one after the other (inline, `@file`, or `@-`). From standard input
/// each value is handed on as soon as its last byte is read, so a bidirectional call can be
/// driven by hand, a line at a time. No `-d` is one empty message, `{}`, as for unary calls.
enum RequestValues {
    /// The values `argument` stands for; reading or splitting fails with a `CLIError`.
    static func stream(_ argument: String?) -> AsyncThrowingStream<[UInt8], any Error> {
        AsyncThrowingStream { continuation in
            guard argument == "@-" else {
                do {
                    let text = try RequestData.read(argument)
                    var splitter = JSONValueSplitter()
                    for value in splitter.feed(text) { continuation.yield(value) }
                    if let last = try splitter.finish() { continuation.yield(last) }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
                return
            }
            // Standard input blocks: read it on a thread of its own.
            let reader = Thread {
                var splitter = JSONValueSplitter()
                var buffer = [UInt8](repeating: 0, count: 4096)
                while true {
                    let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
                    if count < 0 && errno == EINTR { continue }
                    guard count > 0 else { break }
                    for value in splitter.feed(buffer[..<count]) { continuation.yield(value) }
                }
                do {
                    if let last = try splitter.finish() { continuation.yield(last) }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            reader.start()
        }
    }
}
