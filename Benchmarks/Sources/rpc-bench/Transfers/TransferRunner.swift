// TransferRunner.swift: the transfer cases: one large file up and down through nginx, ProtoHTTP against curl.
import BenchProcesses
import BenchSupport
import Foundation
import ProtoHTTPTestSupport

/// Moves one file of ``bytes`` bytes through nginx (``NginxServer``'s `/transfer/` and `/upload`
/// locations), with ProtoHTTP and with the curl command line, `runs` times each, alternating:
///
/// ```
///  for direction in upload, download:
///    curl and protohttp once with a 1-byte file  (the RSS baseline of each)
///    runs × (protohttp, curl)  ─► fastest run, largest RSS growth ─► RESULT lines
/// ```
///
/// Downloads are written under /dev/shm when it exists, so both clients are measured on the
/// network path rather than on the disk.
struct TransferRunner {
    /// nginx's base URL.
    var baseURL: String
    /// Where nginx serves from (``NginxServer/transferFolder``) and where downloads go.
    var folder: TempFolder
    /// The file's size.
    var bytes: Int
    /// Runs per client and direction.
    var runs: Int

    /// Runs both directions and prints RESULT lines and a ratio line per direction.
    func run() async throws {
        let blob = try makeFile("transfer/blob.bin", bytes: bytes)
        let tiny = try makeFile("transfer/tiny.bin", bytes: 1)
        print("# rpc-bench: transfers of \(bytes) bytes through nginx, best of \(runs) runs, curl \(Self.curlVersion())")
        let ours = try ProtoHTTPTransferClient(baseURL: baseURL)
        defer { ours.shutdown() }
        let curl = CurlTransferClient()
        for direction in TransferDirection.allCases {
            var protohttp = TransferMeasurement(bytes: bytes, seconds: .infinity, rssGrowthBytes: 0)
            var reference = TransferMeasurement(bytes: bytes, seconds: .infinity, rssGrowthBytes: 0)
            let curlBaseline = try curl.run(direction, url: url(direction, tiny), file: target(direction, tiny)).peakRSS
            _ = try await runOurs(ours, direction, file: tiny)
            for _ in 0..<runs {
                let (seconds, growth) = try await runOurs(ours, direction, file: blob)
                protohttp.seconds = min(protohttp.seconds, seconds)
                protohttp.rssGrowthBytes = max(protohttp.rssGrowthBytes, growth)
                removeDownload(direction, blob)
                let theirs = try curl.run(direction, url: url(direction, blob), file: target(direction, blob))
                reference.seconds = min(reference.seconds, theirs.seconds)
                reference.rssGrowthBytes = max(reference.rssGrowthBytes, theirs.peakRSS - curlBaseline)
                removeDownload(direction, blob)
            }
            removeDownload(direction, tiny)
            print(protohttp.resultLine(client: "protohttp", direction: direction))
            print(reference.resultLine(client: "curl", direction: direction))
            print("# transfer=\(direction.rawValue) mb_per_s protohttp/curl=\(fixed(protohttp.megabytesPerSecond / reference.megabytesPerSecond, digits: 2))")
            fflush(nil)
        }
    }

    /// One ProtoHTTP transfer: wall seconds and peak RSS growth.
    private func runOurs(_ client: ProtoHTTPTransferClient, _ direction: TransferDirection, file: String) async throws -> (Double, Int) {
        let peak = ResidentPeak.reset()
        let started = MonotonicClock.nanoseconds()
        switch direction {
        case .upload: try await client.upload(file, to: "/upload")
        case .download: try await client.download("/transfer/" + name(file), to: target(direction, file))
        }
        let seconds = Double(MonotonicClock.nanoseconds() - started) / 1e9
        return (seconds, peak.peakGrowth())
    }

    /// The URL a direction moves `file` through.
    private func url(_ direction: TransferDirection, _ file: String) -> String {
        switch direction {
        case .upload: baseURL + "/upload"
        case .download: baseURL + "/transfer/" + name(file)
        }
    }

    /// The local file of a direction: the source of an upload, the destination of a download.
    private func target(_ direction: TransferDirection, _ file: String) -> String {
        switch direction {
        case .upload: return file
        case .download:
            let shm = "/dev/shm"
            let base = access(shm, W_OK) == 0 ? shm : folder.path
            return base + "/rpc-bench-\(getpid())-" + name(file)
        }
    }

    /// Removes what a download of `file` wrote (nothing for an upload).
    private func removeDownload(_ direction: TransferDirection, _ file: String) {
        guard direction == .download else { return }
        unlink(target(direction, file))
    }

    private func name(_ file: String) -> String { String(file.split(separator: "/").last ?? "") }

    /// A file of random bytes in nginx's `www/` folder (through `head -c`, not this process).
    private func makeFile(_ relative: String, bytes: Int) throws -> String {
        let path = folder.file("nginx/www/" + relative)
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let made = try ChildProcess.run("/bin/sh", ["-c", "head -c \(bytes) /dev/urandom > '\(path)'"], timeout: .seconds(120))
        guard made?.status == 0 else { throw BenchError("could not write \(path)") }
        return path
    }

    /// `curl --version`'s first words, e.g. `7.88.1`.
    private static func curlVersion() -> String {
        let completed = try? ChildProcess.run("/usr/bin/curl", ["--version"], timeout: .seconds(10))
        return completed?.lines.first.map { String($0.split(separator: " ").dropFirst().first ?? "?") } ?? "?"
    }
}
