// DynamicMessageArticleTests.swift: the dynamic-message example of the DocC article "Using ProtoWire", run as written on the demo's notes.proto.
import Foundation
import ProtoDescriptors
import ProtoHTTPTestSupport
import ProtoWire
import Testing

/// What the article's example prints.
private let printed = PrintedLines()
private func print(_ items: Any..., separator: String = " ") { printed.append(items, separator: separator) }

@Suite("Article: dynamic messages")
struct DynamicMessageArticleTests {
    @Test("a schema read at run time: JSON in, a field set by name, binary out; a reply decoded and printed as JSON",
          .enabled(if: PluginHarness.protocPath != nil, Comment(rawValue: DescriptorSchemaTests.protocMissing)))
    func notesSchema() async throws {
        let set = try await DescriptorSchemaTests.descriptorSet(["notes.proto"], includes: ["Protos/demo", PluginHarness.protoInclude])
        let setBytes = set.serializedBytes()
        let responseBytes: [UInt8] = [0x0A, 0x02, 0x6E, 0x31, 0x12, 0x05, 0x48, 0x65, 0x6C, 0x6C, 0x6F]  // id "n1", title "Hello"

        let registry = try SchemaRegistry(fileDescriptorSet: Google_Protobuf_FileDescriptorSet(serializedBytes: setBytes))
        guard let schema = registry.message(named: "notes.CreateNoteRequest"),
              let replySchema = registry.message(named: "notes.Note") else { return }
        var request = try DynamicMessage(schema: schema, jsonString: #"{"title": "Hello", "tags": ["a"]}"#, registry: registry)
        request[field: "text"] = .string("read at run time")        // fields by .proto name
        let body = request.serializedBytes()                        // what Notes_CreateNoteRequest would send
        let reply = try DynamicMessage(schema: replySchema, serializedBytes: responseBytes, extensions: registry)
        print(try reply.jsonString(registry: registry))             // Any payloads resolve in the registry

        // title 1, tags 2, text 4: the bytes protoc-gen-protohttp's Notes_CreateNoteRequest writes.
        #expect(body == [0x0A, 0x05] + Array("Hello".utf8) + [0x12, 0x01, 0x61, 0x22, 0x10] + Array("read at run time".utf8))
        #expect(printed.all == [#"{"id":"n1","title":"Hello"}"#])
    }
}
