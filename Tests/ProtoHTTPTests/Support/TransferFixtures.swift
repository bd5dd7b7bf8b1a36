// TransferFixtures.swift: large-transfer test helpers: random files, sha256sum, and a resident-memory sampler (over residentBytes()).
import Foundation
import Synchronization
import ProtoHTTPTestSupport

/// Files for transfer tests, in a temporary folder removed by ``remove()``.
struct TransferFolder {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "protohttp-transfer-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// A file of `bytes` random bytes (from /dev/urandom, through `head -c`), written without
    /// passing through this process.
    func randomFile(_ name: String, bytes: Int) throws -> String {
        let file = path + "/" + name
        let completed = try ChildProcess.run("/bin/sh", ["-c", "head -c \(bytes) /dev/urandom > '\(file)'"], timeout: .seconds(60))
        guard completed?.status == 0 else { throw TestServer.ServerError(message: "could not make \(file): \(completed?.stderr ?? "timed out")") }
        return file
    }

    func remove() { try? FileManager.default.removeItem(atPath: path) }
}

/// The SHA-256 of a file as lowercase hex, by coreutils' `sha256sum` (an independent digest).
func sha256sum(_ file: String) throws -> String {
    let completed = try ChildProcess.run("/usr/bin/sha256sum", [file], timeout: .seconds(60))
    guard let completed, completed.status == 0, let first = completed.lines.first?.split(separator: " ").first else {
        throw TestServer.ServerError(message: "sha256sum \(file) failed")
    }
    return String(first)
}

/// Samples the resident set size every 5 ms on its own thread until ``stop()``, which returns
/// the largest growth over the size at the start.
final class ResidentMemorySampler: Sendable {
    private let baseline = residentBytes()
    private let peak = Atomic<Int>(0)
    private let running = Atomic<Bool>(true)
    private let done = DispatchSemaphore(value: 0)

    init() {
        peak.store(baseline, ordering: .relaxed)
        Thread.detachNewThread { [self] in
            while running.load(ordering: .relaxed) {
                let now = residentBytes()
                if now > peak.load(ordering: .relaxed) { peak.store(now, ordering: .relaxed) }
                usleep(5000)
            }
            done.signal()
        }
    }

    /// Stops sampling; the peak growth in bytes.
    func stop() -> Int {
        running.store(false, ordering: .relaxed)
        done.wait()
        return max(0, peak.load(ordering: .relaxed) - baseline)
    }
}
