// ClientKind.swift: the clients rpc-bench knows, by RESULT name, and how each is made.
import BenchProcesses

/// A client by its RESULT-line name; ``make(baseURL:concurrency:folder:)`` builds a fresh
/// instance for one case.
enum ClientKind: String, CaseIterable, Sendable {
    /// ProtoHTTP's manager (``ProtoHTTPClient``).
    case protohttp
    /// A bare single-threaded C loop over libcurl's multi interface (``LibcurlCClient``): the
    /// ceiling of a libcurl design.
    case libcurlC = "libcurl-c"
    /// AsyncHTTPClient (``AsyncHTTPClientClient``).
    case asynchttpclient
    /// Foundation's URLSession (``URLSessionClient``).
    case urlsession
    /// wrk, the ceiling (``WrkClient``).
    case wrk

    /// A new client of this kind for `baseURL`, sized for `concurrency`.
    func make(baseURL: String, concurrency: Int, folder: TempFolder) throws -> any BenchClient {
        switch self {
        case .protohttp: try ProtoHTTPClient(baseURL: baseURL, concurrency: concurrency)
        case .libcurlC: LibcurlCClient(baseURL: baseURL)
        case .asynchttpclient: AsyncHTTPClientClient(baseURL: baseURL, concurrency: concurrency)
        case .urlsession: try URLSessionClient(baseURL: baseURL, concurrency: concurrency)
        case .wrk: try WrkClient(baseURL: baseURL, folder: folder)
        }
    }
}
