// RuntimeConfigurationTests.swift: settings changed while calls run, per-call opt-outs, URL filters, basic auth, token refresh.
import Dispatch
import Synchronization
import ProtoHTTPTestSupport
import Testing
@testable import ProtoHTTP
import HTTPTypes
import ProtoHTTPCore

@Suite("Runtime configuration and authentication", .serialized)
struct RuntimeConfigurationTests {
    func compose(_ options: CallOptions, _ adjust: (inout ManagerConfiguration) -> Void = { _ in }) -> (url: String, headers: [String]) {
        var configuration = ManagerConfiguration(baseURL: "https://api.example/")
        configuration.headers = HTTPFields([HTTPField(name: .named("X-General"), value: "g")])
        configuration.parameters = ["api": "1"]
        adjust(&configuration)
        let composition = RequestComposition(settings: SettingsSnapshot(configuration), options: options)
        let info = CallInfo(id: 1, path: "/p", context: [:], rpcProtocol: .plain)
        let url = composition.url("/p", wireProtocol: PlainProtocol(), query: [], info: info)
        return (url, composition.headers(protocolHeaders: [:], contentType: nil, url: url).map { "\($0.name): \($0.value)" })
    }

    @Test("per-call opt-outs and a per-call base URL (a CDN)")
    func optOuts() {
        #expect(compose(CallOptions()).url == "https://api.example/p?api=1")
        #expect(compose(CallOptions()).headers == ["X-General: g"])
        var options = CallOptions()
        options.useGeneralParameters = false
        options.useGeneralHeaders = false
        #expect(compose(options).url == "https://api.example/p")
        #expect(compose(options).headers.isEmpty)
        options.baseURL = "https://cdn.example"
        #expect(compose(options).url == "https://cdn.example/p")
        var noBase = CallOptions(parameters: ["q": "1"])
        noBase.useBaseURL = false
        #expect(compose(noBase).url == "/p?api=1&q=1")
    }

    @Test("URL filters run in order on the finished URL")
    func urlFilters() {
        let url = compose(CallOptions()) {
            $0.urlFilters = [.appendingParameters(["app_version": "2.3", "os": "linux"]),
                             ClosureURLFilter { url, info in url + "&call=\(info.id)" }]
        }.url
        #expect(url == "https://api.example/p?api=1&app_version=2.3&os=linux&call=1")
        #expect(compose(CallOptions()) { $0.parameters = [:]; $0.urlFilters = [.appendingParameters(["v": "1"])] }.url == "https://api.example/p?v=1")
    }

    @Test("setHeader and setParameter replace by name, nil removes")
    func setters() throws {
        var configuration = ManagerConfiguration()
        try configuration.setHeader("a", forName: "X-One")
        try configuration.setHeader("b", forName: "x-one")
        configuration.setParameter("1", forKey: "k")
        #expect(configuration.headers.map { "\($0.name): \($0.value)" } == ["x-one: b"])
        try configuration.setHeader(nil, forName: "X-ONE")
        configuration.setParameter(nil, forKey: "k")
        #expect(configuration.headers.isEmpty && configuration.parameters.isEmpty)
        #expect(HTTPField.basicAuthorization(username: "Aladdin", password: "open sesame").value == "Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==")
    }

    @Test("header names typed as text are checked: a clear invalid_argument, and nothing changes")
    func invalidHeaderNamesFromText() throws {
        var configuration = ManagerConfiguration()
        configuration.setHeader("kept", for: .named("X-Kept"))
        let name = #expect(throws: ProtoHTTPError.self) { try configuration.setHeader("x", forName: "bad name") }
        #expect(name?.code == .invalidArgument && name?.message.contains("\"bad name\" is not a valid HTTP header name") == true, "\(String(describing: name))")
        let value = #expect(throws: ProtoHTTPError.self) { try configuration.setHeader("a\r\nX-Evil: 1", forName: "X-Trace") }
        #expect(value?.code == .invalidArgument && value?.message.contains("line break") == true, "\(String(describing: value))")
        #expect(configuration.headers.map { "\($0.name): \($0.value)" } == ["X-Kept: kept"], "unchanged")
        let options = #expect(throws: ProtoHTTPError.self) { CallOptions(headers: try HTTPFields(validating: ["X-Trace": "1", "X Trace": "2"])) }
        #expect(options?.code == .invalidArgument && options?.message.contains("\"X Trace\"") == true, "\(String(describing: options))")
    }

    @Test("a call's header replaces the general one of the same name, in any letter case")
    func callHeadersReplaceGeneralOnesIgnoringCase() throws {
        let (_, headers) = compose(CallOptions(headers: try HTTPFields(validating: ["x-GENERAL": "call", "X-Tag": "1"])))
        #expect(headers == ["x-GENERAL: call", "X-Tag: 1"])
    }

    @Test("changes while calls run are thread-safe and apply to calls started after them")
    func runtimeChanges() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let manager = try ProtoHTTPManager(configuration: ManagerConfiguration(baseURL: server.url("")), transport: makeTransport())
        manager.updateConfiguration { $0.setHeader("v1", for: .named("X-Test-Version")); $0.setParameter("1", forKey: "gen") }
        let first = try await manager.request(.post, "/echo", input: [], requestSerializer: .raw, responseSerializer: .raw)
        #expect(first.metadata.headers.firstValue(.named("X-Echo-Header-Version")) == "v1")
        #expect(first.metadata.headers.firstValue(.named("X-Echo-Query")) == "gen=1")
        // Writers and callers at once: each call sees one consistent snapshot.
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                for i in 0..<200 { manager.updateConfiguration { $0.setHeader("v\(i)", for: .named("X-Test-Version")); $0.setParameter("\(i)", forKey: "gen") } }
            }
            for _ in 0..<20 {
                group.addTask {
                    let response = try await manager.request(.post, "/echo", input: [], requestSerializer: .raw, responseSerializer: .raw)
                    let header = response.metadata.headers.firstValue(.named("X-Echo-Header-Version")) ?? ""
                    let query = response.metadata.headers.firstValue(.named("X-Echo-Query")) ?? ""
                    #expect("v" + query.dropFirst(4) == header, "one snapshot per call: \(header) \(query)")
                }
            }
            try await group.waitForAll()
        }
        manager.updateConfiguration { $0.baseURL = "http://127.0.0.1:1" }
        let moved = await Result { () async throws(ProtoHTTPError) in
            try await manager.request(.post, "/echo", input: [], requestSerializer: .raw, responseSerializer: .raw)
        }
        #expect(protoError(moved.mapError { $0 as any Error })?.code == .unavailable, "the new base URL applies")
        await expectNoLeaks(manager.transport)
    }

    @Test("token refresh: calls failing together share one refresh, then each is retried once with the new token")
    func tokenRefresh() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let refreshes = Atomic<Int>(0)
        let auth = TokenRefreshInterceptor(token: "old") { done in
            refreshes.add(1, ordering: .relaxed)
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(150)) { done(.success("new")) }
        }
        var configuration = ManagerConfiguration(baseURL: server.url(""))
        configuration.interceptors = [auth]
        let manager = try ProtoHTTPManager(configuration: configuration, transport: makeTransport())
        try await withThrowingTaskGroup(of: Int.self) { group in
            for i in 0..<8 {
                group.addTask {
                    let response = try await manager.request(.post, "/auth?token=new&ms=\(i * 10)", input: [UInt8(i)], requestSerializer: .raw, responseSerializer: .raw)
                    return Int(response.output.first ?? 255)
                }
            }
            var seen: [Int] = []
            for try await value in group { seen.append(value) }
            #expect(seen.sorted() == Array(0..<8))
        }
        #expect(refreshes.load(ordering: .relaxed) == 1, "one refresh for all the calls that failed together")
        #expect(auth.token == "new")
        // Still refused after the refresh: retried once only, and the 401 comes back.
        let refused = await Result { () async throws(ProtoHTTPError) in
            try await manager.request(.post, "/auth?token=other", input: [], requestSerializer: .raw, responseSerializer: .raw)
        }
        #expect(protoError(refused.mapError { $0 as any Error })?.code == .unauthenticated)
        #expect(refreshes.load(ordering: .relaxed) == 2)

        let failing = TokenRefreshInterceptor(token: nil) { done in done(.failure(ProtoHTTPError(code: .permissionDenied, message: "refresh token revoked"))) }
        let denied = try ProtoHTTPManager(configuration: { var c = configuration; c.interceptors = [failing]; return c }(), transport: manager.transport)
        let result = await Result { () async throws(ProtoHTTPError) in
            try await denied.request(.post, "/auth?token=x", input: [], requestSerializer: .raw, responseSerializer: .raw)
        }
        #expect(protoError(result.mapError { $0 as any Error })?.code == .permissionDenied, "the refresh's error")
    }
}
