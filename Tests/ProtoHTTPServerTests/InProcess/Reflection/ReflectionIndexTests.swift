// ReflectionIndexTests.swift: the reflection index over the demo's generated descriptors: every kind of symbol, imports sent once, refusals.
@testable import ProtoHTTPServer
import ProtoHTTPCore
import ProtoHTTPDemoService
import Testing

extension ServerTests {
    @Suite("server reflection: the index and the answers")
    struct ReflectionIndexTests {
        static let index = ReflectionIndex(services: [
            ServiceDefinition(name: Notes_NotesMetadata.serviceName, methods: [], fileDescriptors: Notes_NotesMetadata.fileDescriptors),
            ServiceDefinition(name: Notes_NoteFeedMetadata.serviceName, methods: [], fileDescriptors: Notes_NoteFeedMetadata.fileDescriptors),
            ServiceDefinition(name: "hand.Built", methods: []),
        ])

        @Test("messages, nested messages, fields, oneofs, enums, enum values (scoped as siblings), services and methods name their file")
        func symbols() {
            for symbol in ["notes.Note", "notes.Checklist.Item", "notes.Note.title", "notes.Note.content", "notes.Priority", "notes.PRIORITY_HIGH",
                           "notes.Notes", "notes.Notes.GetNote", "notes.NoteFeed.SyncNotes"] {
                #expect(Self.index.fileOfSymbol[symbol] == "notes.proto", "\(symbol)")
            }
            #expect(Self.index.fileOfSymbol["google.protobuf.Timestamp.seconds"] == "google/protobuf/timestamp.proto")
            #expect(Self.index.fileOfSymbol["notes.Priority.PRIORITY_HIGH"] == nil)
            #expect(Self.index.services == ["hand.Built", "notes.NoteFeed", "notes.Notes"])
        }

        @Test("a file comes with the imports the stream has not sent; a file two services share is kept once")
        func importsOnce() throws {
            var sent: Set<String> = []
            #expect(try #require(Self.index.file("notes.proto", sending: &sent)).count == 2)
            #expect(try #require(Self.index.file("notes.proto", sending: &sent)).count == 1)
            #expect(try #require(Self.index.file("google/protobuf/timestamp.proto", sending: &sent)).count == 1)
            #expect(Self.index.file("nope.proto", sending: &sent) == nil)
            #expect(sent == ["notes.proto", "google/protobuf/timestamp.proto"])
        }

        @Test("each question gets its answer: unknown names NOT_FOUND, an empty question INVALID_ARGUMENT, the question echoed")
        func answers() {
            var sent: Set<String> = []
            func ask(_ question: ReflectionService.Request.OneOf_MessageRequest?) -> ReflectionService.Response.OneOf_MessageResponse? {
                var request = ReflectionService.Request()
                request.host = "example"
                request.messageRequest = question
                let response = ReflectionService.answer(request, from: Self.index, sent: &sent)
                #expect(response.validHost == "example" && response.originalRequest == request)
                return response.messageResponse
            }
            guard case .fileDescriptorResponse(let files)? = ask(.fileContainingSymbol(".notes.Note")) else { Issue.record("no files"); return }
            #expect(files.fileDescriptorProto.count == 2)
            var extensionQuestion = Grpc_Reflection_V1_ExtensionRequest()
            extensionQuestion.containingType = "notes.Note"
            extensionQuestion.extensionNumber = 100
            for question: ReflectionService.Request.OneOf_MessageRequest in [.fileByFilename("x.proto"), .fileContainingSymbol("notes.Nope"),
                                                                               .fileContainingExtension(extensionQuestion), .allExtensionNumbersOfType("notes.Nope")] {
                guard case .errorResponse(let error)? = ask(question) else { Issue.record("\(question) was answered"); continue }
                #expect(error.errorCode == 5, "\(question): \(error)")
            }
            guard case .errorResponse(let empty)? = ask(nil) else { Issue.record("an empty question was answered"); return }
            #expect(empty.errorCode == 3 && empty.errorMessage.hasPrefix("the request asks nothing"))
            guard case .allExtensionNumbersResponse(let numbers)? = ask(.allExtensionNumbersOfType("notes.Note")) else { Issue.record("no numbers"); return }
            #expect(numbers.baseTypeName == "notes.Note" && numbers.extensionNumber.isEmpty)
        }
    }
}
