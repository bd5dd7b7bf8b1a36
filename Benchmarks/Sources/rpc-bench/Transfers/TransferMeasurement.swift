// TransferMeasurement.swift: what one transfer case measured (bytes, seconds, RSS growth) and its RESULT line.
import BenchSupport

/// Which way a transfer case moves the file.
enum TransferDirection: String, CaseIterable, Sendable {
    /// The file as a multipart part, PUT to nginx's WebDAV handler (which stores the whole body).
    case upload
    /// The file from nginx's static handler, written to a file.
    case download
}

/// The best of several runs of one (client, direction) case.
struct TransferMeasurement: Sendable {
    /// The file's size in bytes.
    var bytes: Int
    /// The fastest run's wall time, seconds.
    var seconds: Double
    /// The largest resident-memory growth over all runs, bytes.
    var rssGrowthBytes: Int

    /// Throughput in MB/s (10^6 bytes per second).
    var megabytesPerSecond: Double { seconds > 0 ? Double(bytes) / seconds / 1e6 : 0 }

    /// The machine-readable line:
    ///
    /// ```
    /// RESULT client=<protohttp|curl> transfer=<upload|download> bytes=<n> mb_per_s=<x> rss_growth_mib=<y>
    /// ```
    func resultLine(client: String, direction: TransferDirection) -> String {
        "RESULT client=\(client) transfer=\(direction.rawValue) bytes=\(bytes)"
            + " mb_per_s=\(fixed(megabytesPerSecond, digits: 1))"
            + " rss_growth_mib=\(fixed(Double(rssGrowthBytes) / 1_048_576, digits: 1))"
    }
}
