// CurlTransfer.swift: one easy handle and its buffers, confined to the engine thread.
import CCurl
import Dispatch
import HTTPTypes
import ProtoHTTPCore

/// One transfer: a curl easy handle, its header list, error buffer and response buffers.
///
/// Confined to the engine thread (not `Sendable`). libcurl's callbacks receive an unretained
/// pointer to it (`Unmanaged`); the engine's table of active transfers keeps it alive for as
/// long as the easy handle exists, and ``cleanup()`` runs before the table drops it.
final class CurlTransfer {
    let call: TransportCall
    /// What this transfer sends: the call's request, or where a redirect the transport follows
    /// itself led it (``RedirectStep``).
    let request: TransportRequest
    /// `request.url`'s origin for the h2c bookkeeping of libcurl before 8.0 (``H2CConnections``),
    /// worked out once: configuring the transfer and recording its connection both ask.
    lazy var h2cOrigin = H2CConnections.origin(of: request.url)
    /// Redirects this transfer may still follow itself (libcurl's own following is bounded by
    /// `CURLOPT_MAXREDIRS`).
    let redirectsLeft: Int
    /// Whether the transport, not libcurl, follows this request's redirects.
    let followsRedirectsItself: Bool
    let easy: UnsafeMutableRawPointer
    unowned let engine: CurlEngine
    private let pool: EasyHandlePool
    /// The request's header list; built by `configure` (CurlTransfer+Configuration.swift).
    var headerList: UnsafeMutablePointer<curl_slist>?
    /// The multipart body, when the request has one; freed after the handle is reset.
    var mimeBody: CurlMimeBody?
    /// The file sent as the body, when the request has one; closed after the handle is reset.
    var fileBody: CurlFileBody?
    let errorBuffer: UnsafeMutablePointer<CChar>
    private(set) var responseHeaders: HTTPFields = [:]
    /// Header lines after the blank line that ended the headers: the trailers (HTTP/2's
    /// trailing HEADERS frame, or a chunked body's trailer section).
    private(set) var responseTrailers: HTTPFields = [:]
    /// Whether the current response's header section has ended (its blank line came).
    private var headerSectionEnded = false
    /// Set by `configure`: an h2c transfer that asked for HTTP/2 plainly to reuse a known
    /// connection (``H2CConnections``).
    var reusesH2C = false
    private(set) var responseBody: [UInt8] = []
    /// The size limit the write callback stopped the transfer at, if it did.
    private(set) var exceededLimit: Int?
    let maxResponseSize: Int
    let timeout: Duration?
    private var cleanedUp = false
    /// Turns libcurl's progress samples into reports (only for requests with a progress handler).
    private var progressThrottle = ProgressThrottle()
    /// Where a 2xx body goes when the request has a ``TransportRequest/bodyFile``.
    let fileSink: FileBodySink?
    /// What the sink wrote, once the transfer completed.
    private var writtenFile: WrittenBodyFile?

    /// The most redirects one call follows, by libcurl or by the transport.
    static let maxRedirects = 10

    /// Takes an easy handle for `call` from `pool`; `nil` if libcurl could not allocate one.
    /// `request` is the call's own unless a redirect led elsewhere.
    init?(call: TransportCall, engine: CurlEngine, pool: EasyHandlePool, request: TransportRequest? = nil,
          redirectsLeft: Int = CurlTransfer.maxRedirects) {
        guard let easy = pool.take() else { return nil }
        let request = request ?? call.request
        self.call = call
        self.request = request
        self.redirectsLeft = redirectsLeft
        self.followsRedirectsItself = request.stream == nil && RedirectStep.isNeeded(for: request, configuration: engine.configuration)
        self.easy = easy
        self.engine = engine
        self.pool = pool
        self.errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE))
        self.errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
        self.maxResponseSize = request.maxResponseSize ?? engine.configuration.maxResponseSize
        self.fileSink = request.bodyFile.map {
            FileBodySink(file: $0, limit: $0.maxSize ?? engine.configuration.maxDownloadSize, url: request.url)
        }
        // A body file or a multipart form may take hours: unless the request sets a limit, the
        // configuration's timeout bounds a stall (see `configure`), not the whole transfer.
        // A stream lasts as long as its call: only the call's own limit bounds it.
        self.timeout = request.timeout ?? (request.isFileTransfer || request.stream != nil ? nil : engine.configuration.timeout)
    }

    /// The transfer recorded in an easy handle's `CURLOPT_PRIVATE`.
    static func from(easy: UnsafeMutableRawPointer) -> CurlTransfer? {
        var raw: UnsafeMutableRawPointer?
        guard ccurl_easy_getinfo_pointer(easy, CURLINFO_PRIVATE, &raw) == CURLE_OK, let raw else { return nil }
        return Unmanaged<CurlTransfer>.fromOpaque(raw).takeUnretainedValue()
    }

    /// Gives the easy handle back to the pool (kept for reuse only if `recycle`, after a
    /// transfer that completed normally; freed otherwise) and frees everything curl borrowed
    /// from this object. Idempotent. The caller must already have removed the handle from
    /// the multi handle.
    func cleanup(recycle: Bool = false) {
        guard !cleanedUp else { return }
        cleanedUp = true
        pool.give(easy, reusable: recycle)  // resets or frees the handle before its header list and error buffer go
        curl_slist_free_all(headerList)
        headerList = nil
        mimeBody?.free()
        mimeBody = nil
        fileBody?.close()
        fileBody = nil
        errorBuffer.deallocate()
        fileSink?.close()  // what was written stays: an interrupted download resumes from it
    }

    deinit { cleanup() }

    /// curl's error-buffer text for this transfer.
    var errorText: String { String(cString: errorBuffer) }

    // MARK: Callbacks (engine thread, inside curl_multi_perform)

    /// Appends body bytes, or writes them to the body file; returns `false` (abort) once the
    /// body would pass its limit or the file cannot take them.
    func receiveBody(_ bytes: UnsafeRawBufferPointer) -> Bool {
        if let fileSink {
            switch fileSink.decision ?? fileSink.decide(status: status, headers: responseHeaders) {
            case .write, .complete: return fileSink.write(bytes)
            case .fail: return false
            case .memory: break  // an error body: kept in memory like any other
            }
        }
        if responseBody.count + bytes.count > maxResponseSize {
            exceededLimit = maxResponseSize
            return false
        }
        responseBody.append(contentsOf: bytes)
        return true
    }

    /// Records one header line; a status line starts a new response (after 1xx or a redirect).
    ///
    /// Works on the bytes: one `String` for the name and one for the value, nothing per
    /// character (this runs for every header of every response, on the engine thread).
    func receiveHeaderLine(_ bytes: UnsafeRawBufferPointer) {
        var end = bytes.count
        while end > 0, Self.isLineEnd(bytes[end - 1]) { end -= 1 }
        let line = UnsafeRawBufferPointer(rebasing: bytes[..<end])
        if HTTPText.hasPrefix(line, "HTTP/") {
            responseHeaders.removeAll(keepingCapacity: true)
            responseHeaders.reserveCapacity(12)  // a typical response's headers, without regrowing
            responseTrailers.removeAll()
            headerSectionEnded = false
            return
        }
        if line.isEmpty {
            if let stream = request.stream, !headerSectionEnded, status >= 200 { stream.receivedHead(status: status, headers: responseHeaders) }
            headerSectionEnded = true
            return
        }
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return }
        var valueStart = colon + 1
        while valueStart < end, line[valueStart] == UInt8(ascii: " ") || line[valueStart] == UInt8(ascii: "\t") { valueStart += 1 }
        let nameBytes = UnsafeRawBufferPointer(rebasing: line[..<colon])
        let value = String(decoding: UnsafeRawBufferPointer(rebasing: line[valueStart...]), as: UTF8.self)
        // A name that is no RFC 9110 token cannot be an HTTPField.Name: such a line is dropped,
        // as are lines past HTTPFields' capacity (curl's header size limit keeps far below it).
        guard let name = HTTPField.Name(String(decoding: nameBytes, as: UTF8.self)),
              responseHeaders.count + responseTrailers.count < Self.maxResponseFields else { return }
        if headerSectionEnded {
            if responseTrailers.isEmpty { responseTrailers.reserveCapacity(4) }  // gRPC's status fields, without regrowing
            responseTrailers.append(HTTPField(name: name, value: value))
            return
        }
        responseHeaders.append(HTTPField(name: name, value: value))
        if fileSink == nil, name == .contentLength, let length = Int(value), length > 0 {
            responseBody.reserveCapacity(min(length, maxResponseSize))
        }
    }

    /// The most header fields a response keeps: `HTTPFields` traps at 65,535, and no honest
    /// response comes near this.
    static let maxResponseFields = 10_000

    /// CR, LF, space and the other ASCII line breaks (VT, FF) trimmed from a header line's end.
    private static func isLineEnd(_ byte: UInt8) -> Bool {
        byte == 13 || byte == 10 || byte == 32 || byte == 11 || byte == 12
    }

    /// Reports a progress sample from libcurl's transfer-info callback (installed only when the
    /// request has a progress handler), throttled per direction.
    func receiveProgress(downloadTotal: Int64, downloaded: Int64, uploadTotal: Int64, uploaded: Int64) {
        let now = DispatchTime.now().uptimeNanoseconds
        if uploaded > 0 || uploadTotal > 0 {
            let sample = TransferProgress(direction: .upload, completedBytes: uploaded, totalBytes: uploadTotal > 0 ? uploadTotal : nil)
            if let report = progressThrottle.offer(sample, now: now) { call.reportProgress(report) }
        }
        // A body file's bytes count from where it continues, known once its response decided.
        if downloaded > 0 || downloadTotal > 0, fileSink?.decision != nil || fileSink == nil {
            let base = fileSink?.base ?? 0
            let discarded = fileSink?.discardsBody == true
            let sample = TransferProgress(direction: .download, completedBytes: base + (discarded ? 0 : downloaded),
                                          totalBytes: discarded ? base : downloadTotal > 0 ? base + downloadTotal : nil)
            if let report = progressThrottle.offer(sample, now: now) { call.reportProgress(report) }
        }
    }

    /// After a successful transfer, before its result: the final report of each direction,
    /// completed bytes equal to the total (the upload only when there was a request body).
    func reportFinalProgress() {
        guard request.progress != nil else { return }
        var uploaded: curl_off_t = 0
        _ = ccurl_easy_getinfo_off_t(easy, CURLINFO_SIZE_UPLOAD_T, &uploaded)
        var downloaded: curl_off_t = 0
        _ = ccurl_easy_getinfo_off_t(easy, CURLINFO_SIZE_DOWNLOAD_T, &downloaded)
        if uploaded > 0 || progressThrottle.hasReported(.upload) {
            let final = TransferProgress(direction: .upload, completedBytes: Int64(uploaded), totalBytes: Int64(uploaded))
            if let report = progressThrottle.finish(final) { call.reportProgress(report) }
        }
        let received = (fileSink?.base ?? 0) + (fileSink?.discardsBody == true ? 0 : Int64(downloaded))
        let final = TransferProgress(direction: .download, completedBytes: received, totalBytes: received)
        if let report = progressThrottle.finish(final) { call.reportProgress(report) }
    }

    // MARK: Results

    /// What a completed transfer that the transport follows redirects for does next.
    enum RedirectOutcome {
        /// Not a redirect to follow: the response is the result.
        case none
        /// Send this request next.
        case follow(TransportRequest)
        /// A redirect past ``maxRedirects``.
        case tooMany
    }

    /// After a transfer that completed: the next hop when this is a redirect the transport
    /// follows itself (see ``RedirectStep``).
    func redirect() -> RedirectOutcome {
        guard followsRedirectsItself, RedirectStep.statuses.contains(status) else { return .none }
        var raw: UnsafeMutableRawPointer?
        guard ccurl_easy_getinfo_pointer(easy, CURLINFO_REDIRECT_URL, &raw) == CURLE_OK, let raw else { return .none }
        let location = String(cString: raw.assumingMemoryBound(to: CChar.self))
        guard redirectsLeft > 0 else { return .tooMany }
        let secrets = engine.configuration.secretHeaderNames
        return .follow(RedirectStep.next(after: request, status: status, location: location, secretHeaderNames: secrets))
    }

    /// The response's status code, as far as libcurl knows it.
    var status: Int {
        var status = 0
        _ = ccurl_easy_getinfo_long(easy, CURLINFO_RESPONSE_CODE, &status)
        return status
    }

    /// Why the body file stopped the transfer (size limit, a mismatched range, a write that
    /// failed), which explains the transfer's failure better than curl's write error.
    var bodyFileError: ProtoHTTPError? { fileSink?.error }

    /// After a transfer libcurl completed: closes the body file and notes what it holds (an
    /// empty 2xx body creates the file here). Returns the error when that fails.
    func completeBody() -> ProtoHTTPError? {
        guard let fileSink else { return nil }
        writtenFile = fileSink.finish(status: status, headers: responseHeaders)
        return fileSink.error
    }

    /// After a transfer that completed, on libcurl before 8.0 and for an h2c prior-knowledge
    /// request (``H2CConnections``): records the origin's connection when the answer came over
    /// HTTP/2, forgets it otherwise, and returns `true` when the call must go again with prior
    /// knowledge: a gRPC request that a reuse attempt sent over HTTP/1.1 because the
    /// connection was gone (no gRPC server answers it there; the server refused it unread).
    @discardableResult
    func recordH2CConnection(succeeded: Bool) -> Bool {
        guard Self.priorKnowledgeCannotReuse, (request.httpVersion ?? engine.configuration.httpVersion) == .http2PriorKnowledge else { return false }
        let origin = h2cOrigin
        var version = 0
        if succeeded, ccurl_easy_getinfo_long(easy, CURLINFO_HTTP_VERSION, &version) == CURLE_OK, version == Int(CURL_HTTP_VERSION_2_0) {
            engine.h2cConnections.insert(origin)
            return false
        }
        engine.h2cConnections.remove(origin)
        let isGRPC = RPCProtocol.framed(mediaType: MediaType(request.headers.firstValue(.contentType) ?? "").essence) == .grpc
        return succeeded && reusesH2C && isGRPC
    }

    /// Before a transfer still under way is removed (cancel, deadline): on libcurl before 8.0
    /// the HTTP/2 RST_STREAM that tells the server waits in libcurl's queue until the connection
    /// carries another request, so a server went on running a cancelled call's handler. Marking
    /// the transfer's connection not to be reused closes it once no other transfer uses it,
    /// which the server sees at once; its h2c origin is forgotten with it (``H2CConnections``).
    func closeConnectionWhenAborted() {
        guard Self.priorKnowledgeCannotReuse else { return }
        _ = ccurl_easy_setopt_long(easy, CURLOPT_FORBID_REUSE, 1)
        engine.h2cConnections.remove(h2cOrigin)
    }

    /// The response, read from the finished easy handle.
    func makeResponse() -> TransportResponse {
        var response = TransportResponse(status: status, headers: responseHeaders, body: responseBody, metrics: metrics())
        response.trailers = responseTrailers
        response.bodyFile = writtenFile
        return response
    }

    /// What libcurl measured of the finished transfer.
    private func metrics() -> TransportMetrics {
        func long(_ info: CURLINFO) -> Int {
            var value = 0
            _ = ccurl_easy_getinfo_long(easy, info, &value)
            return value
        }
        func offset(_ info: CURLINFO) -> Int64 {
            var value: curl_off_t = 0
            _ = ccurl_easy_getinfo_off_t(easy, info, &value)
            return Int64(value)
        }
        let versionName: String = switch long(CURLINFO_HTTP_VERSION) {
        case Int(CURL_HTTP_VERSION_1_0): "1.0"
        case Int(CURL_HTTP_VERSION_1_1): "1.1"
        case Int(CURL_HTTP_VERSION_2_0): "2"
        case Int(CURL_HTTP_VERSION_3): "3"
        default: ""
        }
        var metrics = TransportMetrics(httpVersion: versionName, newConnections: long(CURLINFO_NUM_CONNECTS),
                                       totalTime: .microseconds(offset(CURLINFO_TOTAL_TIME_T)))
        metrics.nameLookupTime = .microseconds(offset(CURLINFO_NAMELOOKUP_TIME_T))
        metrics.connectTime = .microseconds(offset(CURLINFO_CONNECT_TIME_T))
        metrics.tlsHandshakeTime = .microseconds(offset(CURLINFO_APPCONNECT_TIME_T))
        metrics.firstByteTime = .microseconds(offset(CURLINFO_STARTTRANSFER_TIME_T))
        metrics.bodyBytesSent = offset(CURLINFO_SIZE_UPLOAD_T)
        metrics.headerBytesSent = Int64(long(CURLINFO_REQUEST_SIZE))
        metrics.bodyBytesReceived = offset(CURLINFO_SIZE_DOWNLOAD_T)
        metrics.headerBytesReceived = Int64(long(CURLINFO_HEADER_SIZE))
        return metrics
    }
}
