// PortLine.swift: the one reader of the "PORT <n>" line (and the "KEY value" lines before it) that test peers print when they listen.
#if canImport(Glibc)
import Glibc
#endif

/// What a server printed up to and including its `PORT <n>` line.
///
/// Every loopback peer of the tests and benchmarks (the Python servers, `notes-server`,
/// rpc-bench's server child) prints `PORT <n>` once it listens, after any `KEY value` lines
/// it wants the test to know (the Python TLS server's `CERT <path>` and `PIN <pin>`).
public struct PortLine: Sendable, Equatable {
    /// The port from `PORT <n>`.
    public var port: Int
    /// `KEY value` lines before it, by key (`CERT`, `PIN`, ...).
    public var fields: [String: String]

    /// Reads `lines` until `PORT <n>`; `nil` if no such line is among them.
    public init?(lines: some Sequence<some StringProtocol>) {
        var fields: [String: String] = [:]
        for line in lines {
            let parts = line.split(separator: " ", maxSplits: 1)
            guard parts.count == 2 else { continue }
            if parts[0] == "PORT" {
                guard let port = Int(parts[1].trimmingSuffixWhitespace()), (1...65_535).contains(port) else { return nil }
                self.port = port
                self.fields = fields
                return
            }
            fields[String(parts[0])] = String(parts[1])
        }
        return nil
    }
}

extension ChildProcess {
    /// Reads the child's stdout until its `PORT <n>` line, within `timeout`. Throws, with
    /// everything it read, when the output ends or the time passes first. Blocks: call it off
    /// the cooperative pool.
    public func readPort(timeout: Duration = .seconds(30)) throws(Failure) -> PortLine {
        let deadline = ContinuousClock.now + timeout
        var lines: [String] = []
        while true {
            let line: String?
            do {
                line = try readLine(timeout: max(.zero, deadline - ContinuousClock.now))
            } catch {
                throw Failure("\(program) printed no PORT line within \(timeout): \(error); its output: \(lines.joined(separator: "\n").debugDescription)")
            }
            guard let line else {
                throw Failure("\(program) ended its output (\(exitIfEnded().map { "\($0)" } ?? "still running")) before a PORT line: \(lines.joined(separator: "\n").debugDescription)")
            }
            lines.append(line)
            if line.hasPrefix("PORT "), let found = PortLine(lines: lines) { return found }
        }
    }
}

extension StringProtocol {
    /// Without trailing spaces, tabs and carriage returns.
    fileprivate func trimmingSuffixWhitespace() -> SubSequence {
        var end = endIndex
        while end > startIndex, [" ", "\t", "\r"].contains(self[index(before: end)]) { end = index(before: end) }
        return self[..<end]
    }
}
