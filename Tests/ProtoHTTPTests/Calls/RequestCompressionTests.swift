// RequestCompressionTests.swift: gzip request bodies: the threshold and overrides, Connect GET's query, and the Python peers decoding them.
import Synchronization
import Testing
@testable import ProtoHTTP
import HTTPTypes
import ProtoHTTPCore

@Suite("gzip request bodies (client)", .serialized)
struct RequestCompressionTests {
    typealias Ping = Protohttp_Rpctest_PingServiceMetadata.Ping
    typealias Lookup = Protohttp_Rpctest_PingServiceMetadata.Lookup

    func request(_ text: String) -> Ping.Input {
        var request = Ping.Input()
        request.text = text
        request.number = 1
        return request
    }

    /// 4,000 bytes that compress well.
    static let padding = String(repeating: "squeeze ", count: 500)

    /// Records the Content-Encoding, body size and URL of every request the chain sends.
    final class Sent: Sendable {
        let requests = Mutex<[TransportRequest]>([])
        var all: [TransportRequest] { requests.withLock { $0 } }
        var interceptor: ClosureInterceptor {
            ClosureInterceptor { request, _, next, completion in
                self.requests.withLock { $0.append(request) }
                next(request, completion)
            }
        }
    }

    @Test("apply: at or past the threshold and only when smaller; a Content-Encoding already set and .off leave the body alone")
    func apply() throws {
        let text = Array(Self.padding.utf8)
        let request = TransportRequest(url: "http://h/p", headers: [.contentType: "text/plain"], body: text)
        let compressed = RequestCompression.gzip(minimumBytes: text.count).apply(to: request)
        #expect(compressed.headers.firstValue(.contentEncoding) == "gzip")
        #expect(try #require(compressed.body).count < text.count / 10)
        #expect(Array(try #require(compressed.body).prefix(2)) == [0x1f, 0x8b], "a gzip member")
        #expect(RequestCompression.gzip(minimumBytes: text.count + 1).apply(to: request).body == text, "under the threshold")
        #expect(RequestCompression.off.apply(to: request).body == text)
        var encoded = request
        encoded.headers.append(HTTPField(name: .named("content-encoding"), value: "br"))
        #expect(RequestCompression.gzip(minimumBytes: 0).apply(to: encoded).body == text, "the caller's own encoding wins")
        // Bytes gzip cannot shrink (a xorshift stream) go as they are.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        let noise = (0..<4096).map { _ -> UInt8 in
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return UInt8(truncatingIfNeeded: state)
        }
        let random = RequestCompression.gzip(minimumBytes: 0, level: 42).apply(to: TransportRequest(url: "http://h/p", body: noise))
        #expect(random.body == noise && random.headers.isEmpty)
        #expect(RequestCompression.gzip(minimumBytes: 0).apply(to: TransportRequest(url: "http://h/p", body: [])).headers.isEmpty)
    }

    @Test("a compressed Connect GET: base64, compression=gzip in the query, no Content-Encoding header")
    func connectGetURL() throws {
        let post = TransportRequest(method: "POST", url: "http://h/protohttp.rpctest.PingService/Lookup", headers: HTTPFields([
            HTTPField(name: .connectProtocolVersion, value: "1"), HTTPField(name: .contentType, value: "application/json"),
            HTTPField(name: .contentEncoding, value: "gzip"), HTTPField(name: .named("X-App"), value: "a"),
        ]), body: [0xFB, 0xFF])
        let get = try #require(ConnectGet.request(from: post, maxURLLength: 4096))
        #expect(get.url == "http://h/protohttp.rpctest.PingService/Lookup?connect=v1&base64=1&compression=gzip&encoding=json&message=-_8")
        #expect(get.headers.map(\.name.rawName) == ["X-App"])
    }

    @Test("gzip bodies reach the Python peers (binary and JSON), which decode them; small bodies and .off stay identity",
          arguments: ["connect", "twirp"])
    func peers(_ name: String) async throws {
        let peer = try await PeerServer.start(name)
        defer { peer.stop() }
        let sent = Sent()
        var configuration = ManagerConfiguration(baseURL: peer.baseURL)
        configuration.wireProtocol = name == "connect" ? ConnectProtocol() : TwirpProtocol()
        configuration.requestCompression = .gzip()
        configuration.interceptors = [sent.interceptor]
        let manager = try ProtoHTTPManager(configuration: configuration, transport: makeTransport())
        for encoding in [BodyEncoding.binary, .json] {
            let reply = try await manager.post(Ping.path, request("encoding:" + Self.padding), as: Ping.Output.self, options: CallOptions(encoding: encoding))
            #expect(reply.text == "gzip:" + Self.padding && reply.number == 2, "\(encoding)")
        }
        let small = try await manager.post(Ping.path, request("encoding:small"), as: Ping.Output.self)
        #expect(small.text == "identity:small")
        var off = CallOptions()
        off.requestCompression = .off
        let plain = try await manager.post(Ping.path, request("encoding:" + Self.padding), as: Ping.Output.self, options: off)
        #expect(plain.text == "identity:" + Self.padding)
        let encodings = sent.all.map { $0.headers.firstValue(.contentEncoding) ?? "-" }
        #expect(encodings == ["gzip", "gzip", "-", "-"])
        #expect(sent.all.prefix(2).allSatisfy { ($0.body?.count ?? .max) < 200 }, "4 KB of text went as a few dozen bytes")
        await expectNoLeaks(manager.transport)
    }

    @Test("a compressed Connect GET reaches Python connectrpc, which inflates the query's message")
    func connectGet() async throws {
        let peer = try await PeerServer.start("connect")
        defer { peer.stop() }
        let sent = Sent()
        var configuration = ManagerConfiguration(baseURL: peer.baseURL)
        configuration.interceptors = [sent.interceptor]
        configuration.requestCompression = .gzip(minimumBytes: 100)
        let manager = try ProtoHTTPManager(configuration: configuration, transport: makeTransport())
        let client = Protohttp_Rpctest_PingServiceClient(manager: manager, wireProtocol: .connect(httpGet: true))
        for encoding in [BodyEncoding.binary, .json] {
            let reply = try await client.lookup(request(Self.padding), options: CallOptions(encoding: encoding))
            #expect(reply.text == Self.padding + " via GET", "\(encoding)")
        }
        #expect(sent.all.allSatisfy { $0.method == "GET" && $0.url.contains("&base64=1&compression=gzip&") && $0.url.utf8.count < 300 }, "\(sent.all.map(\.url))")
        await expectNoLeaks(manager.transport)
    }
}
