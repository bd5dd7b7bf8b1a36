// HTTPMethodTests.swift: every HTTP method through the manager; GET and HEAD put the input in the query; message fields as query parameters.
import ProtoHTTPTestSupport
import Synchronization
import Testing
import ProtoHTTPDemo
@testable import ProtoHTTP
import ProtoHTTPCore
import ProtoHTTPDemoService

@Suite("HTTP methods through the manager", .serialized)
struct HTTPMethodTests {
    func ping(_ text: String) -> Protohttp_Rpctest_PingRequest { .sample(text, number: 5) }

    @Test("each method reaches the server as itself; GET and HEAD send the message's fields in the query and no body")
    func everyMethod() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        var configuration = ManagerConfiguration(baseURL: server.url(""))
        configuration.parameters = ["api": "1"]
        let manager = try ProtoHTTPManager(configuration: configuration, transport: makeTransport())
        for method in [HTTPMethod.get, .head, .post, .put, .patch, .delete] {
            let response = try await manager.request(method, "/echo", input: ping("a b"), requestSerializer: .protobuf(),
                                                     responseSerializer: .raw)
            let headers = response.metadata.headers
            #expect(headers.firstValue(.named("X-Echo-Method")) == method.rawValue)
            if method.sendsBody {
                #expect(headers.firstValue(.named("X-Echo-Body-Length")) == "\(ping("a b").serializedBytes().count)", "\(method)")
                #expect(headers.firstValue(.named("X-Echo-Content-Type")) == "application/x-protobuf", "\(method)")
                #expect(headers.firstValue(.named("X-Echo-Query")) == "api=1", "\(method)")
            } else {
                #expect(headers.firstValue(.named("X-Echo-Body-Length")) == "0", "\(method)")
                #expect(headers.firstValue(.named("X-Echo-Content-Type")) == "<none>", "\(method): no body, no Content-Type")
                #expect(headers.firstValue(.named("X-Echo-Query")) == "api=1&text=a%20b&number=5", "\(method)")
            }
            #expect(response.metadata.status == 200)
            #expect(response.output.isEmpty == !method.sendsBody, "\(method): HEAD and GET bodies are empty here")
        }
        #expect(manager.liveCallCount == 0)
        await expectNoLeaks(manager.transport)
    }

    @Test("callback form with a dictionary: completion, then success, with the parameters in the query")
    func getWithParameters() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let manager = try ProtoHTTPManager(configuration: ManagerConfiguration(baseURL: server.url("")), transport: makeTransport())
        let events = Mutex<[String]>([])
        manager.request(.get, "/echo", input: ["tag": "home & work", "page": "2"], requestSerializer: .formURLEncoded,
                        responseSerializer: .raw, options: CallOptions(parameters: ["v": "3"]),
                        completion: { events.withLock { $0.append("completion") } },
                        success: { _, meta in events.withLock { $0.append("success " + (meta.headers.firstValue(.named("X-Echo-Query")) ?? "")) } },
                        failure: { error in events.withLock { $0.append("failure \(error)") } })
        #expect(await waitUntil { events.withLock { $0.count } == 2 })
        #expect(events.withLock { $0 } == ["completion", "success v=3&page=2&tag=home%20%26%20work"])
    }

    @Test("a serializer that cannot make a query fails a GET with a clear invalid_argument, before anything is sent")
    func rawCannotGet() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let manager = try ProtoHTTPManager(configuration: ManagerConfiguration(baseURL: server.url("")), transport: makeTransport())
        let result = await Result { () async throws(ProtoHTTPError) in
            try await manager.request(.get, "/echo", input: [1, 2], requestSerializer: .raw, responseSerializer: .raw)
        }
        let error = try #require(protoError(result.mapError { $0 as any Error }))
        #expect(error.code == .invalidArgument)
        #expect(error.message.contains("cannot put its input in a URL query"))
        #expect(manager.liveCallCount == 0)
    }

    @Test("a message's fields as query parameters: JSON names, repeated scalars repeat, maps and nested fields dot, enums by name")
    func messageQuery() throws {
        var note = Notes_Note()
        note.id = "n1"
        note.title = "a&b"
        note.tags = ["x", "y"]
        note.labels = ["k": "v"]
        note.priority = .high
        note.text = "hello"
        let items = try note.queryItems().map(\.description)
        #expect(items.contains("id=n1"))
        #expect(items.contains("title=a%26b"))
        #expect(items.filter { $0.hasPrefix("tags=") } == ["tags=x", "tags=y"])
        #expect(items.contains("labels.k=v"))
        #expect(items.contains("priority=PRIORITY_HIGH"))
        #expect(items.contains("text=hello"))
        #expect(try Notes_Note().queryItems().isEmpty, "unset fields are left out")
    }

    @Test("what a query cannot hold is a clear invalid_argument: lists of messages")
    func messageQueryRefusesRepeatedMessages() throws {
        var note = Notes_Note()
        var item = Notes_Checklist.Item()
        item.text = "milk"
        note.checklist.items = [item]
        #expect {
            try note.queryItems()
        } throws: { error in
            guard let error = error as? ProtoHTTPError else { return false }
            return error.code == .invalidArgument && error.message.contains("checklist.items") && error.message.contains("list of objects")
        }
    }

    @Test("the JSON flattener: nesting, arrays, null, numbers as written; non-objects refused", arguments: [
        (#"{"a":"x","b":{"c":1.50,"d":{"e":true}},"f":[1,-2e3,"z"],"g":null}"#, "a=x&b.c=1.50&b.d.e=true&f=1&f=-2e3&f=z"),
        (#"{}"#, ""),
        (#"[1,2]"#, "error"),
        (#""text""#, "error"),
        (#"{"a":[[1]]}"#, "error"),
        (#"{"a":"#, "error"),
    ])
    func flattener(json: String, expected: String) {
        let result = Result { () throws(ProtoHTTPError) in try JSONQuery.items(Array(json.utf8), of: "T") }
        switch result {
        case .success(let items): #expect(items.map(\.description).joined(separator: "&") == expected, "\(json)")
        case .failure(let error):
            #expect(expected == "error", "\(json): \(error)")
            #expect(error.code == .invalidArgument && error.message.hasPrefix("T cannot be sent as URL query parameters"))
        }
    }
}
