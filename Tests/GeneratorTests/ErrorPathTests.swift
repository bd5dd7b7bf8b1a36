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

    @Test func editionsAreAdvertisedFrom2023To2024() async throws {
        var editions = request(syntax: "editions", fields: [("a", 1)])
        editions.protoFile[0].edition = .edition2024
        let response = try await PluginHarness.invoke(editions)
        #expect(!response.hasError, "\(response.error)")
        #expect(response.supportedFeatures & UInt64(Google_Protobuf_Compiler_CodeGeneratorResponse.Feature.supportsEditions.rawValue) != 0)
        #expect(response.minimumEdition == Int32(Google_Protobuf_Edition.edition2023.rawValue))
        #expect(response.maximumEdition == Int32(Google_Protobuf_Edition.edition2024.rawValue))
        #expect(response.file.map(\.name) == ["x/y.pb.swift"])
    }

    @Test func unknownEditionsAreRejectedWithAClearMessage() async throws {
        let hint = " is not supported; ProtoHTTP reads editions 2023 and 2024 (and proto2 and proto3); write `edition = \"2024\";` or an older edition"
        var newer = request(syntax: "editions")
        newer.protoFile[0].edition = .unstable
        var unnamed = request(syntax: "editions")
        unnamed.protoFile[0].unknownFields = UnknownFields(bytes: [0x70, 0xEB, 0x07])  // edition = 1003, a number descriptor.proto does not name
        for (input, expected) in [(newer, "x/y.proto: edition UNSTABLE" + hint),
                                  (unnamed, "x/y.proto: an edition newer than any ProtoHTTP knows" + hint),
                                  (request(syntax: "editions"), "x/y.proto: an editions file without an edition" + hint),
                                  (request(syntax: "proto4"), "x/y.proto: unknown syntax 'proto4'; ProtoHTTP reads proto2, proto3 and editions 2023 and 2024")] {
            let response = try await PluginHarness.invoke(input)
            #expect(response.error == expected)
            #expect(response.file.isEmpty)
        }
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
