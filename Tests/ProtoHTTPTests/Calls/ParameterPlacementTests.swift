// ParameterPlacementTests.swift: general parameters in the query, merged into form/JSON/multipart bodies, or in a header: the pure rules, then calls to the test server.
import Foundation
import ProtoHTTPTestSupport
import Testing
@testable import ProtoHTTP
import HTTPTypes
import ProtoHTTPCore

@Suite("General parameters: query, body or header")
struct ParameterPlacementTests {
    let json = SerializedBody(bytes: Array(#"{"title":"t"}"#.utf8), contentType: "application/json")
    let form = SerializedBody(bytes: Array("title=t".utf8), contentType: "application/x-www-form-urlencoded")
    let protobuf = SerializedBody(bytes: [0x0a, 0x01, 0x74], contentType: "application/proto")

    @Test("where each placement puts them, by method and body")
    func places() {
        let header = HTTPField.Name("X-Params")!
        let rows: [(ParameterPlacement, HTTPMethod, SerializedBody?, BodyParameters.Place)] = [
            (.query, .post, json, .query),
            (.body, .post, json, .body), (.body, .put, form, .body), (.body, .post, protobuf, .query), (.body, .get, nil, .query),
            (.body, .delete, json, .body),
            (.automatic, .post, json, .body), (.automatic, .patch, form, .body), (.automatic, .post, protobuf, .query),
            (.automatic, .get, nil, .query), (.automatic, .delete, json, .query), (.automatic, .head, nil, .query),
            (.automatic(protobufHeader: header), .post, protobuf, .header(header)),
            (.automatic(protobufHeader: header), .post, json, .body),
            (.automatic, .post, SerializedBody(bytes: Array("[1]".utf8), contentType: "application/json"), .query),
            (.automatic, .post, SerializedBody(form: MultipartForm([.string("a", "1")])), .body),
        ]
        for (placement, method, body, expected) in rows {
            #expect(BodyParameters.place(placement, method: method, body: body) == expected, "\(placement.rule) \(method) \(body?.contentType ?? "none")")
        }
    }

    @Test("merging adds what the body lacks and never replaces the call's own members")
    func merging() {
        let parameters = ["app": "notes", "title": "general", "q\"uote": "a\\b\n"]
        let mergedJSON = BodyParameters.merging(parameters, into: json)
        #expect(String(decoding: mergedJSON.bytes, as: UTF8.self) == #"{"app":"notes","q\"uote":"a\\b\n","title":"t"}"#)
        let empty = BodyParameters.merging(["a": "1"], into: SerializedBody(bytes: Array(" { } ".utf8), contentType: "application/json"))
        #expect(String(decoding: empty.bytes, as: UTF8.self) == #" {"a":"1" } "#, "added after the brace; the rest as it was")
        let mergedForm = BodyParameters.merging(["app": "notes app", "title": "x"], into: form)
        #expect(String(decoding: mergedForm.bytes, as: UTF8.self) == "title=t&app=notes%20app")
        let multipart = BodyParameters.merging(["app": "notes", "a": "x"], into: SerializedBody(form: MultipartForm([.string("a", "1")])))
        #expect(multipart.form?.parts.map(\.name) == ["a", "app"])
        #expect(BodyParameters.merging(["a": "1"], into: protobuf) == protobuf, "a protobuf body is left alone")
        for bytes in [mergedJSON.bytes, empty.bytes] {
            #expect(BodyParameters.jsonObjectKeys(bytes) != nil, "still JSON: \(String(decoding: bytes, as: UTF8.self))")
        }
    }

    private func manager(_ server: TestServer, _ placement: ParameterPlacement) throws -> ProtoHTTPManager {
        var configuration = ManagerConfiguration(baseURL: server.url(""))
        configuration.parameters = ["app": "notes", "v": "2"]
        configuration.parameterPlacement = placement
        return try ProtoHTTPManager(configuration: configuration, transport: makeTransport())
    }

    struct Draft: Codable, Equatable { var title: String; var app: String? = nil }

    @Test("against a server: a JSON POST carries them in its body, a GET in its query, a protobuf body in a header or the query")
    func server() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let other = try await TestServer.start()
        defer { other.stop() }
        let manager = try manager(server, .automatic(protobufHeader: .named("X-Test-Params")))

        let post = try await manager.request(.post, "/echo", input: Draft(title: "t", app: "mine"), requestSerializer: .json(), responseSerializer: .raw)
        let echoed = try JSONSerialization.jsonObject(with: Data(post.output)) as? [String: String]
        #expect(echoed == ["title": "t", "app": "mine", "v": "2"], "the call's own app wins")
        #expect(post.metadata.headers.firstValue(.named("X-Echo-Query")) == "<none>")

        let formPost = try await manager.request(.post, "/echo", input: ["title": "t"], requestSerializer: .formURLEncoded, responseSerializer: .raw)
        #expect(String(decoding: formPost.output, as: UTF8.self) == "title=t&app=notes&v=2")

        let get = try await manager.request(.get, "/echo", input: ["page": "1"], requestSerializer: .formURLEncoded, responseSerializer: .raw)
        #expect(get.metadata.headers.firstValue(.named("X-Echo-Query")) == "app=notes&v=2&page=1")

        let binary = try await manager.request(.post, "/echo", input: [1, 2], requestSerializer: .raw, responseSerializer: .raw)
        #expect(binary.output == [1, 2] && binary.metadata.headers.firstValue(.named("X-Echo-Header-Params")) == "app=notes&v=2")
        #expect(binary.metadata.headers.firstValue(.named("X-Echo-Query")) == "<none>")

        var optOut = CallOptions()
        optOut.useGeneralParameters = false
        let bare = try await manager.request(.post, "/echo", input: Draft(title: "t"), requestSerializer: .json(), responseSerializer: .raw, options: optOut)
        #expect(String(decoding: bare.output, as: UTF8.self) == #"{"title":"t"}"#)

        let elsewhere = try await manager.request(.post, other.url("/echo"), input: Draft(title: "t"), requestSerializer: .json(), responseSerializer: .raw)
        #expect(String(decoding: elsewhere.output, as: UTF8.self) == #"{"title":"t"}"#, "another origin gets no general parameters in its body either")

        let queryOnly = try self.manager(server, .query)
        let inQuery = try await queryOnly.request(.post, "/echo", input: Draft(title: "t"), requestSerializer: .json(), responseSerializer: .raw)
        #expect(inQuery.metadata.headers.firstValue(.named("X-Echo-Query")) == "app=notes&v=2" && inQuery.output == Array(#"{"title":"t"}"#.utf8))
    }
}
