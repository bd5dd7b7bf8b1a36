// CurlTransfer+Configuration.swift: a transfer's request and the transport configuration applied to its easy handle.
import CCurl
import ProtoHTTPCore

extension CurlTransfer {
    /// Applies the request and the configuration to the easy handle.
    func configure() throws(ProtoHTTPError) {
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
            if let stream = transfer.request.stream { return stream.receive(bytes) ? size * count : Int(CURL_WRITEFUNC_PAUSE) }
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

        let isTLS = HTTPText.withUTF8(request.url) { HTTPText.hasPrefix(UnsafeRawBufferPointer($0), "https:", ignoringCase: true) }
        let httpVersion = request.httpVersion ?? config.httpVersion
        // A gRPC stream cannot take the HTTP/1.1 detour a reuse may end in (H2CConnections): its
        // messages have gone out and the refusal's body has gone to its reader before the
        // transfer could be sent again, as a unary call is. So it always goes with prior knowledge.
        let streamsGRPC = request.stream != nil
            && RPCProtocol.framed(mediaType: MediaType(request.headers.firstValue(.contentType) ?? "").essence) == .grpc
        switch httpVersion {
        case .http1_1: try set(CURLOPT_HTTP_VERSION, Int(CURL_HTTP_VERSION_1_1))
        case .http2: try set(CURLOPT_HTTP_VERSION, Int(CURL_HTTP_VERSION_2TLS))
        case .http2PriorKnowledge where Self.priorKnowledgeCannotReuse && !streamsGRPC && engine.h2cConnections.contains(h2cOrigin):
            // libcurl before 8.0 reuses an h2c connection only for a transfer that asks for HTTP/2 plainly.
            try set(CURLOPT_HTTP_VERSION, Int(CURL_HTTP_VERSION_2_0))
            reusesH2C = true
        case .http2PriorKnowledge:
            try set(CURLOPT_HTTP_VERSION, Int(CURL_HTTP_VERSION_2_PRIOR_KNOWLEDGE))
            // There a prior-knowledge transfer must not reuse a connection; the one it makes
            // stays in the cache for the transfers after it (H2CConnections).
            if Self.priorKnowledgeCannotReuse { try set(CURLOPT_FRESH_CONNECT, 1) }
        }
        if config.multiplexHTTP2, isTLS || httpVersion == .http2PriorKnowledge, httpVersion != .http1_1 {
            try set(CURLOPT_PIPEWAIT, 1)
        }
        if request.priority != .normal, httpVersion != .http1_1 {
            try set(CURLOPT_STREAM_WEIGHT, request.priority.streamWeight)
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
            if config.acceptCompressedResponses, request.negotiatesContent { try set(CURLOPT_ACCEPT_ENCODING, "") }
        } else {
            // Larger reads, so a large body costs a write(2) per 512 KiB instead of per 16 KiB
            // (curl's own tool reads 100 KB at a time for the same reason).
            try set(CURLOPT_BUFFERSIZE, Self.fileBodyBufferSize)
        }
        if let agent = config.userAgent { try set(CURLOPT_USERAGENT, agent) }
        // HTTP and HTTPS only, for the request and for any redirect: a Location of file://,
        // ftp://, gopher:// or dict:// never makes libcurl read a file or speak another protocol.
        try set(CURLOPT_PROTOCOLS_STR, "http,https")
        try set(CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
        if config.followRedirects && !followsRedirectsItself && request.stream == nil {
            try set(CURLOPT_FOLLOWLOCATION, 1)
            try set(CURLOPT_MAXREDIRS, Self.maxRedirects)
        }

        // TLS 1.2 at least, whatever the TLS library's own default is.
        try set(CURLOPT_SSLVERSION, Int(CURL_SSLVERSION_TLSv1_2))
        try set(CURLOPT_SSL_VERIFYPEER, config.tls.verifyPeer ? 1 : 0)
        try set(CURLOPT_SSL_VERIFYHOST, config.tls.verifyHost ? 2 : 0)
        if let path = config.tls.caBundlePath { try set(CURLOPT_CAINFO, path) }
        if let pin = config.tls.pinnedPublicKey { try set(CURLOPT_PINNEDPUBLICKEY, pin) }
        if let certificate = config.tls.clientCertificatePath {
            try set(CURLOPT_SSLCERT, certificate)
            try set(CURLOPT_SSLCERTTYPE, "PEM")
        }
        if let key = config.tls.clientKeyPath {
            try set(CURLOPT_SSLKEY, key)
            try set(CURLOPT_SSLKEYTYPE, "PEM")
        }

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

    /// A streaming request: POST of a body of unknown length that libcurl pulls from the
    /// stream as it sends (chunked over HTTP/1.1, DATA frames over HTTP/2), pausing while
    /// nothing is queued; the stream can lift pauses through the engine.
    private func configureStream(_ stream: TransportStream) throws(ProtoHTTPError) {
        let context = Unmanaged.passUnretained(self).toOpaque()
        try set(CURLOPT_POST, 1)
        try check(ccurl_easy_setopt_read_callback(easy, CURLOPT_READFUNCTION) { data, size, count, context in
            guard let context, let data else { return Int(CURL_READFUNC_ABORT) }
            let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
            guard let stream = transfer.request.stream else { return Int(CURL_READFUNC_ABORT) }
            switch stream.readOutgoing(into: UnsafeMutableRawBufferPointer(start: data, count: size * count)) {
            case .bytes(let copied): return copied
            case .pause: return Int(CURL_READFUNC_PAUSE)
            case .end: return 0
            }
        }, CURLOPT_READFUNCTION)
        try set(CURLOPT_READDATA, pointer: context)
        try check(ccurl_easy_setopt_off_t(easy, CURLOPT_POSTFIELDSIZE_LARGE, -1), CURLOPT_POSTFIELDSIZE_LARGE)
        let (engine, id) = (engine, call.id)
        stream.attach { engine.resumeTransfer(callID: id) }
    }

    private func configureMethodAndBody(_ request: TransportRequest) throws(ProtoHTTPError) {
        let method = request.method.rawValue.uppercased()
        if let stream = request.stream {
            try configureStream(stream)
            return
        }
        if let form = request.multipart {
            try configureMultipart(form, method: method, request: request)
            return
        }
        if let path = request.uploadFile {
            try configureFileBody(path, method: method, request: request)
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
            try set(CURLOPT_CUSTOMREQUEST, request.method.rawValue)
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
        if method != "POST" { try set(CURLOPT_CUSTOMREQUEST, request.method.rawValue) }
    }

    /// A file as the whole body: libcurl's upload mode reads it from the open `FILE *`, with
    /// its size as `Content-Length` (the request's method, not upload mode's default PUT).
    private func configureFileBody(_ path: String, method: String, request: TransportRequest) throws(ProtoHTTPError) {
        guard request.body == nil, request.multipart == nil else {
            throw ProtoHTTPError(code: .invalidArgument, message: "the request has a file body and also a body or a multipart form; set only one of TransportRequest.body, .multipart and .uploadFile.")
        }
        guard method != "GET", method != "HEAD" else {
            throw ProtoHTTPError(code: .invalidArgument, message: "a \(method) request cannot carry a file body; send it with POST or PUT.")
        }
        let body = try CurlFileBody(path: path)
        fileBody = body
        guard let stream = body.stream else { return }
        try set(CURLOPT_UPLOAD, 1)
        try set(CURLOPT_READDATA, pointer: stream)
        try check(ccurl_easy_setopt_off_t(easy, CURLOPT_INFILESIZE_LARGE, curl_off_t(body.size)), CURLOPT_INFILESIZE_LARGE)
        if method != "PUT" { try set(CURLOPT_CUSTOMREQUEST, request.method.rawValue) }
    }

    private func configureHeaders(_ request: TransportRequest) throws(ProtoHTTPError) {
        // Each line is written as C bytes into one reused buffer (curl_slist_append copies it):
        // a Swift string per line, and its C copy, cost ~1,200 instructions a header (callgrind).
        var line: [UInt8] = []
        func append(_ name: String, _ value: String, empty: Bool) throws(ProtoHTTPError) {
            line.removeAll(keepingCapacity: true)
            line.reserveCapacity(name.utf8.count + value.utf8.count + 3)
            line.append(contentsOf: name.utf8)
            // "Name;" sends a header with an empty value; "Name:" removes one libcurl would add.
            line.append(empty ? UInt8(ascii: ";") : UInt8(ascii: ":"))
            if !value.isEmpty {
                line.append(UInt8(ascii: " "))
                line.append(contentsOf: value.utf8)
            }
            line.append(0)
            let appended = line.withUnsafeBufferPointer { bytes in
                bytes.withMemoryRebound(to: CChar.self) { curl_slist_append(headerList, $0.baseAddress) }
            }
            guard let appended else {
                throw ProtoHTTPError(code: .resourceExhausted, message: "curl_slist_append failed while building the request headers; the process is probably out of memory.")
            }
            headerList = appended
        }
        for field in request.headers {
            try append(field.name.rawName, field.value, empty: field.value.isEmpty)
        }
        // No "Expect: 100-continue" round trip; and no invented form Content-Type for bodies.
        try append("Expect", "", empty: false)
        if !request.negotiatesContent, !request.headers.contains(.accept) {
            try append("Accept", "", empty: false)
        }
        // (A multipart body's Content-Type, with its boundary, comes from libcurl.)
        if request.multipart == nil, request.body != nil || request.uploadFile != nil || request.method.rawValue.uppercased() == "POST",
           !request.headers.contains(.contentType) {
            try append("Content-Type", "", empty: false)
        }
        try check(ccurl_easy_setopt_slist(easy, CURLOPT_HTTPHEADER, headerList), CURLOPT_HTTPHEADER)
    }

    /// Rejects requests that would be unsafe or meaningless to send.
    private func validate(_ request: TransportRequest) throws(ProtoHTTPError) {
        func bad(_ what: String) -> ProtoHTTPError {
            ProtoHTTPError(code: .invalidArgument, message: what)
        }
        let forbidden = HTTPText.isLineBreakOrNUL
        if request.method.rawValue.isEmpty || request.method.rawValue.utf8.contains(where: { $0 == 32 || $0 == 9 || forbidden($0) }) {
            throw bad("the HTTP method \"\(request.method)\" is empty or contains spaces or line breaks; use a token such as POST.")
        }
        if request.url.isEmpty || HTTPText.containsLineBreakOrNUL(request.url) {
            throw bad("the URL is empty or contains line breaks; pass an absolute http:// or https:// URL.")
        }
        // On the UTF-8 bytes: a Character walk and a lowercased copy cost ~2,000 instructions a call.
        let httpScheme = HTTPText.withUTF8(request.url) { utf8 in
            let bytes = UnsafeRawBufferPointer(utf8)
            return HTTPText.hasPrefix(bytes, "http:", ignoringCase: true) || HTTPText.hasPrefix(bytes, "https:", ignoringCase: true)
        }
        if !httpScheme {
            throw bad("the URL \(request.url) is not an http:// or https:// URL; this transport speaks HTTP only (a path needs the manager's baseURL).")
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
            message: "libcurl rejected option \(option.rawValue) for \(request.url): \(summary). "
                + (supported ? "This libcurl build lacks the feature; install a libcurl with it." : "Check the request and transport configuration."),
            transportError: TransportError(curlCode: Int(code.rawValue), summary: summary, detail: errorText)
        )
    }

    /// The receive buffer of a transfer whose body goes to a file: 512 KiB, libcurl's largest
    /// before 7.88 (CURL_MAX_READ_SIZE).
    static let fileBodyBufferSize = 512 << 10

    /// libcurl before 8.0.0 fails every h2c prior-knowledge transfer that reuses a connection
    /// ("Error in the HTTP2 framing layer", curl issue 10634, fixed in 8.0.0; Debian 12 ships
    /// 7.88.1), so there a prior-knowledge transfer always opens a connection of its own, and
    /// the transfers after it reuse that connection by asking for HTTP/2 (``H2CConnections``).
    static let priorKnowledgeCannotReuse: Bool =
        (curl_version_info(CURLVERSION_FIRST)?.pointee.version_num ?? 0) < 0x08_00_00
}
