// MethodMetadataTests.swift: RPCMethod's derived facts and MethodDescriptor's path parsing.
import ProtoHTTPCore
import ProtoWire
import Testing

private enum GetTimestamp: RPCMethod {
    typealias Input = Google_Protobuf_Empty
    typealias Output = Google_Protobuf_Timestamp
    static let name = "GetTimestamp"
    static let path = "/clock.Clock/GetTimestamp"
    static let idempotencyLevel = IdempotencyLevel.noSideEffects
    static let isClientStreaming = false
    static let isServerStreaming = false
}

private enum Tick: RPCMethod {
    typealias Input = Google_Protobuf_Empty
    typealias Output = Google_Protobuf_Empty
    static let name = "Tick"
    static let path = "/clock.Clock/Tick"
    static let idempotencyLevel = IdempotencyLevel.unknown
    static let isClientStreaming = false
    static let isServerStreaming = true
}

@Suite struct MethodMetadataTests {
    @Test func derivedFlagsFollowTheIdempotencyLevel() {
        #expect(GetTimestamp.hasNoSideEffects)
        #expect(GetTimestamp.isIdempotent)
        #expect(GetTimestamp.isUnary)
        #expect(!Tick.hasNoSideEffects)
        #expect(!Tick.isIdempotent)
        #expect(!Tick.isUnary)
        #expect(IdempotencyLevel.idempotent.isIdempotent)
        #expect(!IdempotencyLevel.idempotent.description.isEmpty)
    }

    @Test func descriptorCarriesTypeNamesAndSplitsThePath() {
        let descriptor = GetTimestamp.descriptor
        #expect(descriptor.inputTypeName == "google.protobuf.Empty")
        #expect(descriptor.outputTypeName == "google.protobuf.Timestamp")
        #expect(descriptor.serviceName == "clock.Clock")
        #expect(descriptor.methodName == "GetTimestamp")
        #expect(descriptor.idempotencyLevel == .noSideEffects)
        #expect(descriptor.description == "rpc /clock.Clock/GetTimestamp(google.protobuf.Empty) returns (google.protobuf.Timestamp)")
        #expect(Tick.descriptor.description.contains("returns (stream google.protobuf.Empty)"))
    }

    @Test func descriptorOfAMalformedPathHasNoService() {
        let descriptor = MethodDescriptor(path: "Lonely", inputTypeName: "a.B", outputTypeName: "a.C")
        #expect(descriptor.serviceName == "")
        #expect(descriptor.methodName == "Lonely")
        #expect(MethodDescriptor(path: "", inputTypeName: "a.B", outputTypeName: "a.C").methodName == "")
    }
}
