// CurlErrorMapping.swift: turns a failed curl transfer into a ProtoHTTPError with a code and advice.
import CCurl
import ProtoHTTPCore

extension ProtoHTTPError {
    /// The error for a transfer that libcurl finished with `result`.
    ///
    /// - Parameters:
    ///   - result: the transfer's `CURLcode`.
    ///   - errorBuffer: the text curl wrote to `CURLOPT_ERRORBUFFER`.
    ///   - url: the request URL, quoted in the message.
    ///   - exceededLimit: the response-size limit the write callback aborted on, if it did.
    ///   - timeout: the total timeout the transfer ran with, quoted for timeouts.
    static func transport(
        result: CURLcode, errorBuffer: String, url: String, exceededLimit: Int?, timeout: Duration?
    ) -> ProtoHTTPError {
        let summary = curl_easy_strerror(result).map { String(cString: $0) } ?? "unknown curl error"
        let cause = TransportError(curlCode: Int(result.rawValue), summary: summary, detail: errorBuffer)
        let (code, message) = classify(result, url: url, errorBuffer: errorBuffer, exceededLimit: exceededLimit, timeout: timeout)
        return ProtoHTTPError(code: code, message: message, transportError: cause)
    }

    private static func classify(
        _ result: CURLcode, url: String, errorBuffer: String, exceededLimit: Int?, timeout: Duration?
    ) -> (Code, String) {
        if result == CURLE_UNSUPPORTED_PROTOCOL, errorBuffer.contains("HTTP/0.9") {
            // curl reports a reply without a status line as "Received HTTP/0.9 when not allowed".
            return (.unavailable, "the server at \(url) sent a reply that is not valid HTTP/1.x or HTTP/2; check that the URL points at an HTTP server (and http vs https).")
        }
        if result == CURLE_OPERATION_TIMEDOUT, errorBuffer.contains("too slow") {
            // CURLOPT_LOW_SPEED_*: a file transfer (a download, or a multipart upload) without a
            // total limit stopped moving.
            return (.deadlineExceeded, "the transfer with \(url) stalled: \(errorBuffer). Check the server and the network; a download continues where it stopped when called again, an upload starts over.")
        }
        if let limit = exceededLimit {
            return (.resourceExhausted, "the response from \(url) is larger than the maximum response size of \(limit) bytes (after decompression); raise maxResponseSize on the request or the transport configuration if this size is expected.")
        }
        switch result {
        case CURLE_FILESIZE_EXCEEDED:
            return (.resourceExhausted, "the response from \(url) declared a size above the maximum response size; raise maxResponseSize if this size is expected.")
        case CURLE_COULDNT_CONNECT:
            return (.unavailable, "could not connect to \(url): the connection was refused or unreachable; check that the server is running and the host and port are right.")
        case CURLE_COULDNT_RESOLVE_HOST:
            return (.unavailable, "could not resolve the host of \(url); check the URL's host name and the machine's DNS.")
        case CURLE_COULDNT_RESOLVE_PROXY:
            return (.unavailable, "could not resolve the proxy host; check the proxy setting of the transport configuration.")
        case CURLE_OPERATION_TIMEDOUT:
            let limit = timeout.map { " within \(seconds($0)) s" } ?? " within its timeout"
            return (.deadlineExceeded, "the call to \(url) did not finish\(limit); raise the timeout or check why the server is slow.")
        case CURLE_PARTIAL_FILE, CURLE_GOT_NOTHING, CURLE_RECV_ERROR, CURLE_SEND_ERROR,
             CURLE_HTTP2, CURLE_HTTP2_STREAM:
            return (.unavailable, "the connection to \(url) failed mid-call (closed, reset or truncated by the peer); the call may be retried if it is idempotent.")
        case CURLE_URL_MALFORMAT, CURLE_UNSUPPORTED_PROTOCOL:
            return (.invalidArgument, "the URL \(url) is malformed or uses an unsupported scheme; use an absolute http:// or https:// URL.")
        case CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CACERT_BADFILE, CURLE_SSL_CONNECT_ERROR,
             CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER, CURLE_SSL_ISSUER_ERROR:
            return (.unavailable, "the TLS handshake with \(url) failed; check the server certificate, the CA bundle setting (tls.caBundlePath) and the system clock.")
        case CURLE_SSL_PINNEDPUBKEYNOTMATCH:
            return (.unavailable, "the server key of \(url) does not match the pinned public key; update tls.pinnedPublicKey if the server's key changed on purpose, otherwise do not trust this server.")
        case CURLE_BAD_CONTENT_ENCODING:
            return (.dataLoss, "the response from \(url) could not be decompressed (bad gzip/br/zstd data); check the server's Content-Encoding.")
        case CURLE_OUT_OF_MEMORY:
            return (.resourceExhausted, "libcurl ran out of memory during the call to \(url).")
        case CURLE_ABORTED_BY_CALLBACK:
            return (.canceled, "the call to \(url) was aborted.")
        case CURLE_TOO_MANY_REDIRECTS:
            return (.failedPrecondition, "the call to \(url) was redirected too many times; check the server's redirects.")
        case CURLE_WEIRD_SERVER_REPLY:
            return (.unavailable, "the server at \(url) sent a reply that is not valid HTTP; check that the URL points at an HTTP server (and http vs https).")
        default:
            return (.unknown, "the call to \(url) failed in libcurl; see the transport error for curl's report.")
        }
    }

    /// A duration as seconds with up to three decimals, for messages.
    private static func seconds(_ d: Duration) -> String {
        let ms = d.wholeMilliseconds
        return ms % 1000 == 0 ? "\(ms / 1000).0" : "\(Double(ms) / 1000)"
    }
}
