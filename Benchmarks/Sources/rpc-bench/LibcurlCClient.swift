// LibcurlCClient.swift: the `libcurl-c` client: a bare single-threaded C loop over libcurl's multi interface, the ceiling of a libcurl design.
import BenchProcesses
import BenchLibcurlC
import Foundation

/// libcurl with nothing around it (`Sources/BenchLibcurlC`): one thread runs `concurrency`
/// closed loops over one multi handle (`curl_multi_perform` + `curl_multi_poll`), each with
/// its own easy handle reused call after call, so connections are kept alive exactly as in
/// ProtoHTTP's transport. The request is ProtoHTTP's: POST, HTTP/1.1, no proxy, its
/// `User-Agent`, `Content-Type`, `Accept-Encoding` and no `Expect`. The body is the encoded
/// request, sent as is; the response must be status 200 and the expected bytes (compared, not
/// decoded). Each finished call is reported to the same ``CallRecorder`` the other in-process
/// clients use, from the loop's thread.
final class LibcurlCClient: LoopClient {
    /// `"libcurl-c"`.
    let name = "libcurl-c"
    private let url: String

    /// A client for `baseURL`.
    init(baseURL: String) {
        url = baseURL + Workload.path
    }

    /// Runs the C loop on a thread of its own until the recorder says stop.
    func runLoops(concurrency: Int, recorder: CallRecorder) async {
        let url = self.url
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let thread = Thread {
                Self.run(url: url, concurrency: concurrency, recorder: recorder)
                continuation.resume()
            }
            thread.name = "libcurl-c"
            thread.start()
        }
    }

    private static func run(url: String, concurrency: Int, recorder: CallRecorder) {
        let body = Workload.requestBytes
        let expected = Workload.responseBytes
        var error = [CChar](repeating: 0, count: 256)
        let context = Unmanaged.passUnretained(recorder).toOpaque()
        let status = url.withCString { url in
            Workload.contentType.withCString { contentType in
                "ProtoHTTP".withCString { agent in
                    body.withUnsafeBufferPointer { body in
                        expected.withUnsafeBufferPointer { expected in
                            var workload = bench_curl_workload(
                                url: url, content_type: contentType, user_agent: agent,
                                body: body.baseAddress, body_length: body.count,
                                expected: expected.baseAddress, expected_length: expected.count,
                                concurrency: Int32(concurrency)
                            )
                            return error.withUnsafeMutableBufferPointer { error in
                                bench_curl_run(&workload, { context, startedAt, problem in
                                    guard let context else { return 0 }
                                    let recorder = Unmanaged<CallRecorder>.fromOpaque(context).takeUnretainedValue()
                                    if let problem {
                                        recorder.callFailed("libcurl-c: \(String(cString: problem))")
                                        return 0
                                    }
                                    return recorder.callSucceeded(startedAt: startedAt) ? 1 : 0
                                }, context, error.baseAddress, error.count)
                            }
                        }
                    }
                }
            }
        }
        if status != 0 {
            let text = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            recorder.callFailed("libcurl-c: \(text)")
        }
    }

    /// Nothing to release: the loop freed its handles when it ended.
    func shutdown() async {}
}
