// URLSessionClient.swift: the `urlsession` client: Foundation's URLSession data tasks with completion handlers.
import BenchProcesses
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ProtoWire

/// Foundation's URLSession (swift-corelibs-foundation, itself on libcurl) as an app would use
/// it: an ephemeral session allowing `concurrency` connections to the host, a `URLRequest`
/// per call with the encoded message as `httpBody`, and a data task whose completion handler
/// decodes the `Data` with ProtoWire and starts the loop's next call.
final class URLSessionClient: LoopClient {
    /// `"urlsession"`.
    let name = "urlsession"
    private let session: URLSession
    private let url: URL

    /// Creates a session for `baseURL` that may open `concurrency` connections.
    init(baseURL: String, concurrency: Int) throws {
        guard let url = URL(string: baseURL + Workload.path) else {
            throw BenchError("urlsession: bad URL \(baseURL + Workload.path)")
        }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = max(6, concurrency)
        configuration.connectionProxyDictionary = [:]
        self.url = url
        session = URLSession(configuration: configuration)
    }

    /// Runs the loops until the recorder says stop.
    func runLoops(concurrency: Int, recorder: CallRecorder) async {
        await LoopGroup.wait(loops: concurrency) { group, _ in
            call(recorder: recorder, group: group)
        }
    }

    private func call(recorder: CallRecorder, group: LoopGroup) {
        let startedAt = MonotonicClock.nanoseconds()
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.setValue(Workload.contentType, forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(Workload.request().serializedBytes())
        session.dataTask(with: request) { data, response, error in
            if let problem = Self.problem(data: data, response: response, error: error) {
                recorder.callFailed("urlsession: \(problem)")
                group.loopEnded()
            } else if recorder.callSucceeded(startedAt: startedAt) {
                self.call(recorder: recorder, group: group)
            } else {
                group.loopEnded()
            }
        }.resume()
    }

    /// Why a completed task is not the expected response, or `nil` if it is.
    private static func problem(data: Data?, response: URLResponse?, error: (any Error)?) -> String? {
        if let error { return "\(error)" }
        guard let http = response as? HTTPURLResponse, http.statusCode == 200 else {
            return "unexpected response \(String(describing: response))"
        }
        guard let data else { return "no body" }
        do {
            let message = try Workload.Response(serializedBytes: data)
            return message == Workload.expectedResponse ? nil : "unexpected message \(message)"
        } catch {
            return "undecodable body: \(error)"
        }
    }

    /// Ends the session.
    func shutdown() async {
        session.finishTasksAndInvalidate()
    }
}
