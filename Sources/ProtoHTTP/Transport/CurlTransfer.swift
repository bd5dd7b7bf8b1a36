// CurlTransfer.swift: one easy handle and its buffers, confined to the engine thread.
import CCurl
import Dispatch

/// One transfer: a curl easy handle, its header list, error buffer and response buffers.
///
/// Confined to the engine thread (not `Sendable`). libcurl's callbacks receive an unretained
/// pointer to it (`Unmanaged`); the engine's table of active transfers keeps it alive for as
/// long as the easy handle exists, and ``cleanup()`` runs before the table drops it.
final class CurlTransfer {
    let call: TransportCall
    let easy: UnsafeMutableRawPointer
    private unowned let engine: CurlEngine
    private let pool: EasyHandlePool
    private var headerList: UnsafeMutablePointer<curl_slist>?
    /// The multipart body, when the request has one; freed after the handle is reset.
    private var mimeBody: CurlMimeBody?
    private let errorBuffer: UnsafeMutablePointer<CChar>
    private(set) var responseHeaders: [HTTPHeader] = []
    private(set) var responseBody: [UInt8] = []
    /// The size limit the write callback stopped the transfer at, if it did.
    private(set) var exceededLimit: Int?
    let maxResponseSize: Int
    let timeout: Duration?
    private var cleanedUp = false
    /// Turns libcurl's progress samples into reports (only for requests with a progress handler).
    private var progressThrottle = ProgressThrottle()
    /// Where a 2xx body goes when the request has a ``TransportRequest/bodyFile``.
    private let fileSink: FileBodySink?
    /// What the sink wrote, once the transfer completed.
    private var writtenFile: WrittenBodyFile?

    /// Takes an easy handle for `call` from `pool`; `nil` if libcurl could not allocate one.
    init?(call: TransportCall, engine: CurlEngine, pool: EasyHandlePool) {
        guard let easy = pool.take() else { return nil }
        self.call = call
        self.easy = easy
        self.engine = engine
        self.pool = pool
        self.errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE))
        self.errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
        self.maxResponseSize = call.request.maxResponseSize ?? engine.configuration.maxResponseSize
        self.fileSink = call.request.bodyFile.map {
            FileBodySink(file: $0, limit: $0.maxSize ?? engine.configuration.maxDownloadSize, url: call.request.url)
        }
        // A body file or a multipart form may take hours: unless the request sets a limit, the
        // configuration's timeout bounds a stall (see `configure`), not the whole transfer.
        self.timeout = call.request.timeout ?? (call.request.isFileTransfer ? nil : engine.configuration.timeout)
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
        errorBuffer.deallocate()
        fileSink?.close()  // what was written stays: an interrupted download resumes from it
    }

    deinit { cleanup() }

    /// curl's error-buffer text for this transfer.
    var errorText: String { String(cString: errorBuffer) }

    // MARK: Callbacks (engine thread, inside curl_multi_perform)

    /// Appends body bytes, or writes them to the body file; returns `false` (abort) once the
    /// body would pass its limit or the file cannot take them.
    fileprivate func receiveBody(_ bytes: UnsafeRawBufferPointer) -> Bool {
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
    fileprivate func receiveHeaderLine(_ bytes: UnsafeRawBufferPointer) {
        var end = bytes.count
        while end > 0, Self.isLineEnd(bytes[end - 1]) { end -= 1 }
        let line = UnsafeRawBufferPointer(rebasing: bytes[..<end])
        if line.starts(with: "HTTP/".utf8) {
            responseHeaders.removeAll(keepingCapacity: true)
            responseHeaders.reserveCapacity(12)  // a typical response's headers, without regrowing
            return
        }
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return }
        var valueStart = colon + 1
        while valueStart < end, line[valueStart] == UInt8(ascii: " ") || line[valueStart] == UInt8(ascii: "\t") { valueStart += 1 }
        let nameBytes = UnsafeRawBufferPointer(rebasing: line[..<colon])
        let value = String(decoding: UnsafeRawBufferPointer(rebasing: line[valueStart...]), as: UTF8.self)
        responseHeaders.append(HTTPHeader(name: String(decoding: nameBytes, as: UTF8.self), value: value))
        if fileSink == nil, Self.equalsIgnoringASCIICase(nameBytes, "content-length"), let length = Int(value), length > 0 {
            responseBody.reserveCapacity(min(length, maxResponseSize))
        }
    }

    /// CR, LF, space and the other ASCII line breaks (VT, FF) trimmed from a header line's end.
    private static func isLineEnd(_ byte: UInt8) -> Bool {
        byte == 13 || byte == 10 || byte == 32 || byte == 11 || byte == 12
    }

    /// Whether `bytes` spell `lowercase` (ASCII letters, digits, `-`) in any letter case.
    private static func equalsIgnoringASCIICase(_ bytes: UnsafeRawBufferPointer, _ lowercase: StaticString) -> Bool {
        guard bytes.count == lowercase.utf8CodeUnitCount else { return false }
        let expected = UnsafeRawBufferPointer(start: lowercase.utf8Start, count: lowercase.utf8CodeUnitCount)
        for (byte, want) in zip(bytes, expected) {
            let folded = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
            if folded != want { return false }
        }
        return true
    }

    /// Reports a progress sample from libcurl's transfer-info callback (installed only when the
    /// request has a progress handler), throttled per direction.
    fileprivate func receiveProgress(downloadTotal: Int64, downloaded: Int64, uploadTotal: Int64, uploaded: Int64) {
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
        guard call.request.progress != nil else { return }
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

    /// The response's status code, as far as libcurl knows it.
    private var status: Int {
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

    /// The response, read from the finished easy handle.
    func makeResponse() -> TransportResponse {
        var status = 0
        _ = ccurl_easy_getinfo_long(easy, CURLINFO_RESPONSE_CODE, &status)
        var version = 0
        _ = ccurl_easy_getinfo_long(easy, CURLINFO_HTTP_VERSION, &version)
        var connects = 0
        _ = ccurl_easy_getinfo_long(easy, CURLINFO_NUM_CONNECTS, &connects)
        var micros: curl_off_t = 0
        _ = ccurl_easy_getinfo_off_t(easy, CURLINFO_TOTAL_TIME_T, &micros)
        let versionName: String = switch version {
        case Int(CURL_HTTP_VERSION_1_0): "1.0"
        case Int(CURL_HTTP_VERSION_1_1): "1.1"
        case Int(CURL_HTTP_VERSION_2_0): "2"
        case Int(CURL_HTTP_VERSION_3): "3"
        default: ""
        }
        var response = TransportResponse(
            status: status,
            headers: responseHeaders,
            body: responseBody,
            metrics: TransportMetrics(httpVersion: versionName, newConnections: connects, totalTime: .microseconds(micros))
        )
        response.bodyFile = writtenFile
        return response
    }
}

// MARK: Configuration

extension CurlTransfer {
    /// Applies the request and the configuration to the easy handle.
    func configure() throws(ProtoHTTPError) {
        let request = call.request
        let config = engine.configuration
        try validate(request)

        let context = Unmanaged.passUnretained(self).toOpaque()
        try set(CURLOPT_PRIVATE, pointer: context)
        try set(CURLOPT_ERRORBUFFER, pointer: UnsafeMutableRawPointer(errorBuffer))
        try set(CURLOPT_NOSIGNAL, 1)
        try set(CURLOPT_URL, request.url)
        try check(ccurl_easy_setopt_write_callback(easy, CURLOPT_WRITEFUNCTION) { data, size, count, context in
            guard let context else { return 0 }
            let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
            let bytes = UnsafeRawBufferPointer(start: data, count: size * count)
            return transfer.receiveBody(bytes) ? size * count : 0
        }, CURLOPT_WRITEFUNCTION)
        try set(CURLOPT_WRITEDATA, pointer: context)
        try check(ccurl_easy_setopt_write_callback(easy, CURLOPT_HEADERFUNCTION) { data, size, count, context in
            guard let context else { return 0 }
            let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
            transfer.receiveHeaderLine(UnsafeRawBufferPointer(start: data, count: size * count))
            return size * count
        }, CURLOPT_HEADERFUNCTION)
        try set(CURLOPT_HEADERDATA, pointer: context)
        if request.progress != nil {
            // Only for calls that ask: with CURLOPT_NOPROGRESS left at 1 (curl's default, and
            // what curl_easy_reset restores), libcurl never calls back.
            try check(ccurl_easy_setopt_xferinfo_callback(easy, CURLOPT_XFERINFOFUNCTION) { context, dltotal, dlnow, ultotal, ulnow in
                guard let context else { return 0 }
                let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
                transfer.receiveProgress(downloadTotal: Int64(dltotal), downloaded: Int64(dlnow), uploadTotal: Int64(ultotal), uploaded: Int64(ulnow))
                return 0
            }, CURLOPT_XFERINFOFUNCTION)
            try set(CURLOPT_XFERINFODATA, pointer: context)
            try set(CURLOPT_NOPROGRESS, 0)
        }

        let isTLS = request.url.utf8.prefix(6).lazy.map { $0 | 0x20 }.elementsEqual("https:".utf8)  // no lowercased copy of the URL
        switch config.httpVersion {
        case .http1_1: try set(CURLOPT_HTTP_VERSION, Int(CURL_HTTP_VERSION_1_1))
        case .http2: try set(CURLOPT_HTTP_VERSION, Int(CURL_HTTP_VERSION_2TLS))
        case .http2PriorKnowledge:
            try set(CURLOPT_HTTP_VERSION, Int(CURL_HTTP_VERSION_2_PRIOR_KNOWLEDGE))
            if Self.priorKnowledgeCannotReuse {
                try set(CURLOPT_FRESH_CONNECT, 1)
                try set(CURLOPT_FORBID_REUSE, 1)
            }
        }
        if config.multiplexHTTP2, isTLS || config.httpVersion == .http2PriorKnowledge, config.httpVersion != .http1_1 {
            try set(CURLOPT_PIPEWAIT, 1)
        }

        if let timeout { try set(CURLOPT_TIMEOUT_MS, Int(clamping: max(1, timeout.wholeMillisecondsRoundedUp))) }
        if request.isFileTransfer, request.timeout == nil, let stall = config.timeout {
            // Less than 1 byte/s over the whole period: the server or the network stalled.
            try set(CURLOPT_LOW_SPEED_LIMIT, 1)
            try set(CURLOPT_LOW_SPEED_TIME, Int(clamping: max(1, stall.wholeMillisecondsRoundedUp / 1000)))
        }
        if let connect = request.connectTimeout ?? config.connectTimeout {
            try set(CURLOPT_CONNECTTIMEOUT_MS, Int(clamping: max(1, connect.wholeMillisecondsRoundedUp)))
        }
        // A body file has its own limit, checked by the sink; and asks for no compression, so
        // that range offsets are file offsets.
        if fileSink == nil {
            try check(ccurl_easy_setopt_off_t(easy, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(maxResponseSize)), CURLOPT_MAXFILESIZE_LARGE)
            if config.acceptCompressedResponses { try set(CURLOPT_ACCEPT_ENCODING, "") }
        } else {
            // Larger reads, so a large body costs a write(2) per 512 KiB instead of per 16 KiB
            // (curl's own tool reads 100 KB at a time for the same reason).
            try set(CURLOPT_BUFFERSIZE, Self.fileBodyBufferSize)
        }
        if let agent = config.userAgent { try set(CURLOPT_USERAGENT, agent) }
        if config.followRedirects {
            try set(CURLOPT_FOLLOWLOCATION, 1)
            try set(CURLOPT_MAXREDIRS, 10)
        }

        try set(CURLOPT_SSL_VERIFYPEER, config.tls.verifyPeer ? 1 : 0)
        try set(CURLOPT_SSL_VERIFYHOST, config.tls.verifyHost ? 2 : 0)
        if let path = config.tls.caBundlePath { try set(CURLOPT_CAINFO, path) }
        if let pin = config.tls.pinnedPublicKey { try set(CURLOPT_PINNEDPUBLICKEY, pin) }

        switch config.proxy {
        case .environment: break
        case .none: try set(CURLOPT_PROXY, "")
        case .url(let url, let noProxy):
            try set(CURLOPT_PROXY, url)
            if let noProxy { try set(CURLOPT_NOPROXY, noProxy) }
        }

        try configureMethodAndBody(request)
        try configureHeaders(request)
    }

    private func configureMethodAndBody(_ request: TransportRequest) throws(ProtoHTTPError) {
        let method = request.method.uppercased()
        if let form = request.multipart {
            try configureMultipart(form, method: method, request: request)
            return
        }
        switch (method, request.body) {
        case ("GET", nil):
            try set(CURLOPT_HTTPGET, 1)
            return
        case ("HEAD", nil):
            try set(CURLOPT_NOBODY, 1)
            return
        case ("POST", _):
            break
        default:
            try set(CURLOPT_CUSTOMREQUEST, request.method)
        }
        guard method == "POST" || request.body != nil else { return }
        let body = request.body ?? []
        try check(ccurl_easy_setopt_off_t(easy, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count)), CURLOPT_POSTFIELDSIZE_LARGE)
        // COPYPOSTFIELDS copies the bytes into curl, so the array need not outlive this call.
        let code: CURLcode = body.withUnsafeBytes { raw in
            guard let base = raw.baseAddress, !raw.isEmpty else {
                return ccurl_easy_setopt_string(easy, CURLOPT_COPYPOSTFIELDS, "")
            }
            return ccurl_easy_setopt_pointer(easy, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: base))
        }
        try check(code, CURLOPT_COPYPOSTFIELDS)
    }

    /// A `multipart/form-data` body through libcurl's MIME API (POST, or the request's method).
    private func configureMultipart(_ form: MultipartForm, method: String, request: TransportRequest) throws(ProtoHTTPError) {
        guard request.body == nil else {
            throw ProtoHTTPError(code: .invalidArgument, message: "the request has both a body and a multipart form; set only one of TransportRequest.body and .multipart.")
        }
        guard method != "GET", method != "HEAD" else {
            throw ProtoHTTPError(code: .invalidArgument, message: "a \(method) request cannot carry a multipart form; send it with POST or PUT.")
        }
        let body = try CurlMimeBody(form: form, easy: easy)
        mimeBody = body
        try check(ccurl_easy_setopt_mime(easy, CURLOPT_MIMEPOST, body.mime), CURLOPT_MIMEPOST)
        if method != "POST" { try set(CURLOPT_CUSTOMREQUEST, request.method) }
    }

    private func configureHeaders(_ request: TransportRequest) throws(ProtoHTTPError) {
        var lines = request.headers.map { $0.value.isEmpty ? "\($0.name);" : "\($0.name): \($0.value)" }
        // No "Expect: 100-continue" round trip; and no invented form Content-Type for bodies.
        lines.append("Expect:")
        // (A multipart body's Content-Type, with its boundary, comes from libcurl.)
        if request.multipart == nil, request.body != nil || request.method.uppercased() == "POST",
           request.headers.first(named: "content-type") == nil {
            lines.append("Content-Type:")
        }
        for line in lines {
            guard let appended = curl_slist_append(headerList, line) else {
                throw ProtoHTTPError(code: .resourceExhausted, message: "curl_slist_append failed while building the request headers; the process is probably out of memory.")
            }
            headerList = appended
        }
        try check(ccurl_easy_setopt_slist(easy, CURLOPT_HTTPHEADER, headerList), CURLOPT_HTTPHEADER)
    }

    /// Rejects requests that would be unsafe or meaningless to send.
    private func validate(_ request: TransportRequest) throws(ProtoHTTPError) {
        func bad(_ what: String) -> ProtoHTTPError {
            ProtoHTTPError(code: .invalidArgument, message: what)
        }
        // Checked on UTF-8 bytes: "\r\n" is a single Character, which a Character test would miss.
        let forbidden: (UInt8) -> Bool = { $0 == 13 || $0 == 10 || $0 == 0 }
        if request.method.isEmpty || request.method.utf8.contains(where: { $0 == 32 || $0 == 9 || forbidden($0) }) {
            throw bad("the HTTP method \"\(request.method)\" is empty or contains spaces or line breaks; use a token such as POST.")
        }
        if request.url.isEmpty || request.url.utf8.contains(where: forbidden) {
            throw bad("the URL is empty or contains line breaks; pass an absolute http:// or https:// URL.")
        }
        for header in request.headers {
            if header.name.isEmpty || header.name.utf8.contains(where: { $0 == 58 || $0 == 32 || $0 == 9 || forbidden($0) }) {
                throw bad("the header name \"\(header.name)\" is empty or contains a colon, space or line break; header names are tokens like Content-Type.")
            }
            if header.value.utf8.contains(where: forbidden) {
                throw bad("the value of header \(header.name) contains a line break or NUL, which would inject headers; remove it.")
            }
        }
    }

    // MARK: setopt helpers

    private func set(_ option: CURLoption, _ value: Int) throws(ProtoHTTPError) {
        try check(ccurl_easy_setopt_long(easy, option, value), option)
    }

    private func set(_ option: CURLoption, _ value: String) throws(ProtoHTTPError) {
        try check(ccurl_easy_setopt_string(easy, option, value), option)
    }

    private func set(_ option: CURLoption, pointer: UnsafeMutableRawPointer) throws(ProtoHTTPError) {
        try check(ccurl_easy_setopt_pointer(easy, option, pointer), option)
    }

    private func check(_ code: CURLcode, _ option: CURLoption) throws(ProtoHTTPError) {
        guard code != CURLE_OK else { return }
        let summary = curl_easy_strerror(code).map { String(cString: $0) } ?? "unknown curl error"
        let supported = code == CURLE_UNKNOWN_OPTION || code == CURLE_NOT_BUILT_IN
        throw ProtoHTTPError(
            code: supported ? .unimplemented : .invalidArgument,
            message: "libcurl rejected option \(option.rawValue) for \(call.request.url): \(summary). "
                + (supported ? "This libcurl build lacks the feature; install a libcurl with it." : "Check the request and transport configuration."),
            transportError: TransportError(curlCode: Int(code.rawValue), summary: summary, detail: errorText)
        )
    }

    /// The receive buffer of a transfer whose body goes to a file: 512 KiB, libcurl's largest
    /// before 7.88 (CURL_MAX_READ_SIZE).
    static let fileBodyBufferSize = 512 << 10

    /// libcurl before 8.0.0 fails every h2c prior-knowledge transfer that reuses a connection
    /// ("Error in the HTTP2 framing layer", curl issue 10634, fixed in 8.0.0; Debian 12 ships
    /// 7.88.1), so there each such transfer opens its own connection and closes it after.
    static let priorKnowledgeCannotReuse: Bool =
        (curl_version_info(CURLVERSION_FIRST)?.pointee.version_num ?? 0) < 0x08_00_00
}
