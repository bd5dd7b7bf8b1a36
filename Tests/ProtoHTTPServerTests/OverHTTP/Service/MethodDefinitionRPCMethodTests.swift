// MethodDefinitionRPCMethodTests.swift: `MethodDefinition.unary(Method.self)` takes path and types from generated metadata.
import ProtoHTTPCore
import ProtoHTTPDemo
import ProtoHTTPServer
import Testing
import ProtoHTTPDemoService

@Suite("MethodDefinition from RPCMethod metadata")
struct MethodDefinitionRPCMethodTests {
    @Test func pathAndTypeNamesComeFromTheMetadata() {
        let definition = MethodDefinition.unary(Notes_NotesMetadata.GetNote.self) { request, _ in
            var note = Notes_Note()
            note.id = request.id
            return note
        }
        #expect(definition.path == "/notes.Notes/GetNote")
        #expect(definition.requestTypeName == "notes.GetNoteRequest")
        #expect(definition.responseTypeName == "notes.Note")
    }

    @Test func theGeneratedHandlerBindsEveryUnaryMethodByItsMetadata() {
        let methods = NotesService().serviceDefinition.methods
        let expected: [any RPCMethod.Type] = [
            Notes_NotesMetadata.CreateNote.self, Notes_NotesMetadata.GetNote.self,
            Notes_NotesMetadata.ListNotes.self, Notes_NotesMetadata.DeleteNote.self,
        ]
        #expect(methods.map(\.path) == expected.map { $0.path })
        #expect(methods.map(\.requestTypeName) == expected.map { $0.descriptor.inputTypeName })
        #expect(methods.map(\.responseTypeName) == expected.map { $0.descriptor.outputTypeName })
    }
}
