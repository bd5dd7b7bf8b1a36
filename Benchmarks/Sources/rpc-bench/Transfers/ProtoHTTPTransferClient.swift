// ProtoHTTPTransferClient.swift: ProtoHTTP's manager moving the benchmark file: a multipart upload and a download to a file.
import ProtoHTTP

/// One ``ProtoHTTPManager`` (HTTP/1.1, no proxy) for the transfer cases, used as an app would:
/// `request(.put, …, requestSerializer: .multipart, …)` for the upload, `download` for the download.
final class ProtoHTTPTransferClient {
    private let manager: ProtoHTTPManager

    /// A manager for `baseURL` with no deadline and no size limit in the way of a large file.
    init(baseURL: String) throws {
        var transport = TransportConfiguration()
        transport.httpVersion = .http1_1
        transport.proxy = .none
        transport.timeout = nil
        var configuration = ManagerConfiguration(baseURL: baseURL)
        configuration.timeout = nil
        manager = try ProtoHTTPManager(configuration: configuration, transport: HTTPTransport(configuration: transport))
    }

    /// Uploads `file` as the one part of a form (PUT, as curl's run does) to `path`.
    func upload(_ file: String, to path: String) async throws {
        let form = MultipartForm([.file("blob", path: file)])
        let response = try await manager.request(.put, path, input: form, requestSerializer: .multipart, responseSerializer: .raw)
        guard (200..<300).contains(response.metadata.status) else {
            throw BenchError("protohttp upload to \(path): HTTP \(response.metadata.status)")
        }
    }

    /// Downloads `path` to `destination` (through `<destination>.partial`, fsync and rename,
    /// as every download does), starting over rather than resuming a leftover partial file.
    func download(_ path: String, to destination: String) async throws {
        let result = try await manager.download(path, to: DownloadDestination(destination, resume: false))
        guard result.resumedFrom == 0 else { throw BenchError("protohttp download of \(path) resumed instead of starting over") }
    }

    /// Stops the transport thread.
    func shutdown() {
        manager.transport.shutdown()
    }
}
