// TransferFixtures.swift: helpers of the upload and download tests: temporary folders, random files, sha256sum, resident memory.
import Foundation
import ProtoHTTPTestSupport
import Synchronization

/// The highest RSS seen while it runs, sampled every 10 ms on a thread of its own.
final class PeakRSS: Sendable {
    private let state = Mutex<(peak: Int, running: Bool)>((0, true))

    init() {
        state.withLock { $0.peak = residentBytes() }
        Thread.detachNewThread { [self] in
            while state.withLock({ $0.running }) {
                let now = residentBytes()
                state.withLock { $0.peak = max($0.peak, now) }
                usleep(10_000)  // the sampling interval
            }
        }
    }

    /// Stops sampling and returns the peak.
    func stop() -> Int {
        state.withLock {
            $0.running = false
            return max($0.peak, residentBytes())
        }
    }
}

/// The SHA-256 of a file by coreutils' `sha256sum`, an oracle independent of the client's own.
func sha256sum(_ path: String) throws -> String {
    let tool = try ChildProcess("/usr/bin/sha256sum", [path], output: .pipe, error: .null)
    defer { _ = tool.stop(grace: .seconds(1)) }
    guard let line = try tool.readLine(timeout: .seconds(60)), let hex = line.split(separator: " ").first else {
        throw NginxServer.ServerError(message: "sha256sum \(path) printed nothing")
    }
    return String(hex)
}

/// A fresh temporary folder for the files a test uploads or downloads; the test removes it.
func makeTransferFolder() throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("protohttp-transfer-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

/// The size of the file at `path`, or `nil` when there is none.
func fileSize(_ path: String) -> Int64? {
    (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.int64Value
}

/// Writes `count` random bytes (from /dev/urandom, with `head -c`) to `path`.
func writeRandomFile(_ path: String, bytes count: Int) throws {
    let head = try ChildProcess("/usr/bin/head", ["-c", String(count), "/dev/urandom"], output: .file(path), error: .null)
    guard let exit = head.wait(upTo: .seconds(60)), exit.succeeded else {
        head.stop(grace: .seconds(1))
        throw NginxServer.ServerError(message: "head -c \(count) /dev/urandom > \(path) failed")
    }
}

/// The process's resident set size in bytes, from `/proc/self/statm`.
func residentBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

/// Peak RSS growths of a large transfer: `first`, then, while the smallest so far is at or above
/// `bound`, the growth over `again(n)` (a fresh whole transfer), `attempts` figures at most.
///
/// RSS is the whole test process's, and other suites run alongside: noise from elsewhere comes
/// and goes, while a body held in memory would show in every figure. The caller expects the
/// smallest to be below `bound`.
func peakGrowths(first: Int, bound: Int, attempts: Int = 3, again: (Int) async throws -> Void) async rethrows -> [Int] {
    var growths = [first]
    while let smallest = growths.min(), smallest >= bound, growths.count < attempts {
        let peak = PeakRSS()
        let before = residentBytes()
        try await again(growths.count)
        growths.append(peak.stop() - before)
    }
    return growths
}
