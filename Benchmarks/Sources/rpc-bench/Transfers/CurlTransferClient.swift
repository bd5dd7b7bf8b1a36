// CurlTransferClient.swift: the curl command line as the transfer reference: the same file, the same nginx.
import BenchProcesses
import Foundation
import ProtoHTTPTestSupport

/// Runs `curl` once per transfer; its peak resident memory comes from `wait4`.
///
/// Upload: `curl -X PUT -F blob=@FILE URL` (a multipart body, as ProtoHTTP sends it).
/// Download: `curl -o FILE URL`. The growth reported is the peak RSS of the transfer minus the
/// peak RSS of the same command moving one byte, so curl's own start-up size is not counted.
struct CurlTransferClient {
    /// The curl executable.
    var executable = "/usr/bin/curl"

    /// Runs one transfer; its wall time in seconds and peak RSS in bytes.
    func run(_ direction: TransferDirection, url: String, file: String) throws -> (seconds: Double, peakRSS: Int) {
        let arguments: [String] = switch direction {
        case .upload: ["-sS", "--fail", "-o", "/dev/null", "-X", "PUT", "-F", "blob=@\(file);type=application/octet-stream", url]
        case .download: ["-sS", "--fail", "-o", file, url]
        }
        let started = MonotonicClock.nanoseconds()
        let exit = try ChildProcess(executable, arguments, error: .inherit).wait()
        let seconds = Double(MonotonicClock.nanoseconds() - started) / 1e9
        guard exit.succeeded else { throw BenchError("curl \(direction.rawValue) of \(url) failed: \(exit)") }
        return (seconds, exit.peakResidentBytes)
    }
}
