// ConnectGetTests.swift: Connect unary GET for side-effect-free methods: exact URLs, and our client against the Python connectrpc server.
import Synchronization
import Testing
@testable import ProtoHTTP
import HTTPTypes
import ProtoHTTPCore

@Suite("Connect GET (client)", .serialized)
struct ConnectGetTests {
    typealias Lookup = Protohttp_Rpctest_PingServiceMetadata.Lookup
    typealias Ping = Protohttp_Rpctest_PingServiceMetadata.Ping

    func request(_ text: String) -> Protohttp_Rpctest_PingRequest {
        var request = Protohttp_Rpctest_PingRequest()
        request.text = text
        request.number = 1
        return request
    }

    func post(_ body: [UInt8], _ contentType: String, url: String = "http://h/protohttp.rpctest.PingService/Lookup") -> TransportRequest {
        TransportRequest(method: "POST", url: url, headers: HTTPFields([
            HTTPField(name: .connectProtocolVersion, value: "1"), HTTPField(name: .contentType, value: contentType),
            HTTPField(name: .connectTimeout, value: "5000"), HTTPField(name: .named("X-App"), value: "a"),
        ]), body: body)
    }

    @Test("the GET's URL in the specification's order: base64url without padding for proto, escaped text for JSON")
    func exactURLs() throws {
        // 0xFB 0xFF: standard base64 "+/8=" becomes "-_8".
        let binary = try #require(ConnectGet.request(from: post([0xFB, 0xFF], "application/proto"), maxURLLength: 4096))
        #expect(binary.method == "GET" && binary.body == nil)
        #expect(binary.url == "http://h/protohttp.rpctest.PingService/Lookup?connect=v1&base64=1&encoding=proto&message=-_8")
        #expect(binary.headers.map(\.name.rawName) == ["Connect-Timeout-Ms", "X-App"], "no Content-Type, no Connect-Protocol-Version")
        let json = try #require(ConnectGet.request(from: post(Array(#"{"text":"a b&c"}"#.utf8), "application/json", url: "http://h/p?app=1"), maxURLLength: 4096))
        #expect(json.url == "http://h/p?app=1&connect=v1&encoding=json&message=%7B%22text%22%3A%22a%20b%26c%22%7D")
        #expect(ConnectGet.request(from: post([1, 2, 3], "application/proto"), maxURLLength: 60) == nil, "too long: stays a POST")
        #expect(ConnectGet.request(from: post([1], "text/plain"), maxURLLength: 4096) == nil, "not a message body")
        // The protocol applies it only to side-effect-free methods, and only when asked.
        let get = ConnectProtocol(httpGet: true)
        #expect(get.finalize(post([1], "application/proto"), method: Lookup.descriptor).method == "GET")
        #expect(get.finalize(post([1], "application/proto"), method: Ping.descriptor).method == "POST")
        #expect(get.finalize(post([1], "application/proto"), method: nil).method == "POST")
        #expect(ConnectProtocol().finalize(post([1], "application/proto"), method: Lookup.descriptor).method == "POST")
    }

    @Test("against Python connectrpc: side-effect-free methods go as GET in both encodings, others and long URLs as POST")
    func againstConnectPython() async throws {
        let peer = try await PeerServer.start("connect")
        defer { peer.stop() }
        let sent = Mutex<[String]>([])
        let record = ClosureInterceptor { request, _, next, completion in
            sent.withLock { $0.append(request.method.rawValue) }
            next(request, completion)
        }
        var configuration = ManagerConfiguration(baseURL: peer.baseURL)
        configuration.wireProtocol = .connect(httpGet: true, maxGetURLLength: 512)
        configuration.interceptors = [record]
        let manager = try ProtoHTTPManager(configuration: configuration, transport: makeTransport())
        let client = Protohttp_Rpctest_PingServiceClient(manager: manager)
        for encoding in [BodyEncoding.binary, .json] {
            let reply = try await client.lookup(request("find me/ä+&="), options: CallOptions(encoding: encoding))
            #expect(reply.text == "find me/ä+&= via GET" && reply.number == 2, "\(encoding)")
        }
        let ping = try await client.ping(request("plain"))
        #expect(ping.text == "plain")
        let long = try await client.lookup(request(String(repeating: "x", count: 600)))
        #expect(long.text.hasSuffix(" via POST"), "past maxGetURLLength the call falls back to POST")
        #expect(sent.withLock { $0 } == ["GET", "GET", "POST", "POST"])
        await expectNoLeaks(manager.transport)
    }

    @Test("against the Python Twirp server the same client posts: GET is Connect's")
    func twirpStaysPost() async throws {
        let peer = try await PeerServer.start("twirp")
        defer { peer.stop() }
        let manager = try ProtoHTTPManager(configuration: ManagerConfiguration(baseURL: peer.baseURL), transport: makeTransport())
        let client = Protohttp_Rpctest_PingServiceClient(manager: manager, wireProtocol: .twirp)
        #expect(try await client.lookup(request("t")).text == "t via POST")
    }
}
