// ErrorPathTests.swift: unsupported or broken input becomes CodeGeneratorResponse.error, never a crash.

import Foundation
import ProtoDescriptors
import ProtoWire
import Testing

@Suite("Generator error paths")
struct ErrorPathTests {
    /// A request for one file holding one message with the given fields.
    func request(syntax: String, fields: [(String, Int32)] = [], parameter: String? = nil) -> Google_Protobuf_Compiler_CodeGeneratorRequest {
        var message = Google_Protobuf_DescriptorProto()
        message.name = "M"
        for (name, number) in fields {
            var f = Google_Protobuf_FieldDescriptorProto()
            f.name = name
            f.number = number
            f.label = .optional
            f.type = .int32
            message.field.append(f)
        }
        var file = Google_Protobuf_FileDescriptorProto()
        file.name = "x/y.proto"
        file.package = "p"
        file.syntax = syntax
        file.messageType = [message]
        var request = Google_Protobuf_Compiler_CodeGeneratorRequest()
        request.fileToGenerate = [file.name]
        request.protoFile = [file]
        if let parameter { request.parameter = parameter }
        return request
    }

    @Test func editionsAreRejectedWithAClearMessage() async throws {
        let response = try await PluginHarness.invoke(request(syntax: "editions"))
        #expect(response.hasError)
        #expect(response.error.contains("editions are not supported"))
        #expect(response.file.isEmpty)
    }

    @Test func proto3OptionalIsAdvertised() async throws {
        let response = try await PluginHarness.invoke(request(syntax: "proto3", fields: [("a", 1)]))
        #expect(!response.hasError, "\(response.error)")
        #expect(response.supportedFeatures & UInt64(Google_Protobuf_Compiler_CodeGeneratorResponse.Feature.proto3Optional.rawValue) != 0)
        #expect(response.file.map(\.name) == ["x/y.pb.swift"])
    }

    @Test func unknownOptionsAreRejected() async throws {
        let response = try await PluginHarness.invoke(request(syntax: "proto3", parameter: "Visibility=Secret"))
        #expect(response.error.contains("Visibility"))
        let other = try await PluginHarness.invoke(request(syntax: "proto3", parameter: "Colour=Blue"))
        #expect(other.error.contains("unknown option 'Colour'"))
        let empty = try await PluginHarness.invoke(request(syntax: "proto3", parameter: "="))
        #expect(empty.error.contains("unknown option ''"))
    }

    @Test func fieldsThatClashInSwiftAreReported() async throws {
        let response = try await PluginHarness.invoke(request(syntax: "proto2", fields: [("self", 1), ("Self", 2)]))
        #expect(response.error.contains("'self' and 'Self' both become the Swift member 'self_p'"))
    }

    @Test func unknownTypeNamesAreReportedNotTrapped() async throws {
        var req = request(syntax: "proto3", fields: [("a", 1)])
        req.protoFile[0].messageType[0].field[0].type = .message
        req.protoFile[0].messageType[0].field[0].typeName = ".nowhere.Missing"
        let response = try await PluginHarness.invoke(req)
        #expect(response.error.contains("unknown message type '.nowhere.Missing'"))
    }

    @Test func garbageOnStdinExitsWithAnErrorInsteadOfCrashing() async throws {
        let result = try await PluginHarness.run(PluginHarness.pluginPath, [], stdin: Data([0xFF, 0xFF, 0xFF]))
        #expect(result.status == 1)
        #expect(result.stderr.contains("not a CodeGeneratorRequest"))
    }
}
