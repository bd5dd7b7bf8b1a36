// EdgeCaseTests.swift: behaviour of the generated Protos/generator/edge_cases.proto types.

import Foundation
import GeneratorTestSchema
import ProtoHTTPCore
import ProtoWire
import Testing

@Suite("Generated edge cases")
struct EdgeCaseTests {
    @Test func escapedAndSuffixedNamesRoundTrip() throws {
        var m = Protohttp_GenTest_Names()
        m.unknownFields_p = 1
        m.init_p = 2
        m.self_p = 3
        m.description_p = 4
        m.`class` = "c"
        m.hasValue_p = 6
        m.value = 7
        m.n = 8
        m.tag = 9
        m.w = [10, 11]
        m.baseURL = 1.5
        m.t.x = 5
        m.p = .a
        let back = try Protohttp_GenTest_Names(serializedBytes: m.serializedBytes())
        #expect(back == m)
        #expect(back.hasHasValue_p && back.hasValue && back.hasClass && back.hasT)
        #expect(back.unknownFields.isEmpty)
    }

    @Test func oneofNamedDefaultHoldsItsOwnMessageType() throws {
        var inner = Protohttp_GenTest_Names()
        inner.k = .type
        var m = Protohttp_GenTest_Names()
        m.nested = inner
        let back = try Protohttp_GenTest_Names(serializedBytes: m.serializedBytes())
        #expect(back.nested.k == .type)
        if case .nested(let v)? = back.default { #expect(v == inner) } else { Issue.record("oneof case lost") }
        m.r = 3
        #expect(m.nested == Protohttp_GenTest_Names() && m.r == 3)
    }

    @Test func enumAliasesAndEscapedCases() {
        #expect(Protohttp_GenTest_Keyword.aliasOfSelf == .self_)
        #expect(Protohttp_GenTest_Keyword(rawValue: 0) == .default)
        #expect(Protohttp_GenTest_Keyword.rawValue_.rawValue == 4)
        #expect(Protohttp_GenTest_Keyword.allCases.count == 5)
        #expect(Protohttp_GenTest_Keyword(rawValue: 9) == nil)
        #expect(Protohttp_GenTest_Keyword.moo == .rawValue_)
    }

    @Test func everyDefaultSyntax() {
        let d = Protohttp_GenTest_Defaults()
        #expect(d.fInf == .infinity && d.fNinf == -.infinity && d.dNan.isNaN)
        #expect(d.s == "tab\there \"q\" \\ \u{1} é")
        #expect(d.b == Data([0x00, 0xFF, 0x0A, 0x5C]))
        #expect(d.min64 == .min && d.max64 == .max && d.min32 == .min)
        #expect(d.k == .type && d.kAlias == .self_)
        #expect(d.dExp == 1e300 && d.fNeg == -0.5 && d.flag && d.empty.isEmpty)
        #expect(!d.hasFInf && d.serializedBytes().isEmpty)
    }

    @Test func mutualRecursionAndRequiredFieldsThroughMaps() throws {
        var ping = Protohttp_GenTest_Ping()
        ping.pong.ping.pong.id = 3
        #expect(!ping.isInitialized)  // the outer pong lacks its required id
        ping.pong.id = 1
        #expect(ping.isInitialized)
        ping.pong.children["a"] = Protohttp_GenTest_Pong()
        #expect(!ping.isInitialized)  // a map value lacks its required id
        ping.pong.children["a"]?.id = 2
        let back = try Protohttp_GenTest_Ping(serializedBytes: ping.serializedBytes())
        #expect(back == ping && back.pong.ping.pong.id == 3)

        let missing = Protohttp_GenTest_Pong().serializedBytes()
        #expect(throws: WireError.self) { try Protohttp_GenTest_Pong(serializedBytes: missing) }
        #expect(try Protohttp_GenTest_Pong(serializedBytes: missing, options: DecodingOptions(allowPartial: true)) == Protohttp_GenTest_Pong())
    }

    @Test func serviceMethodMetadata() {
        typealias Echo = Protohttp_GenTest_EchoMetadata
        #expect(Echo.serviceName == "protohttp.gen_test.Echo")
        #expect(Echo.Say.path == "/protohttp.gen_test.Echo/Say")
        #expect(Echo.Say.Input.self == Protohttp_GenTest_Names.self)
        #expect(Echo.Get.Output.self == Protohttp_GenTest_Pong.self)
        #expect(!Echo.Say.isIdempotent && !Echo.Say.hasNoSideEffects)
        #expect(Echo.Get.hasNoSideEffects && Echo.Get.isIdempotent)
        #expect(Echo.Put.isIdempotent && !Echo.Put.hasNoSideEffects)
        #expect(Echo.Say.idempotencyLevel == .unknown && Echo.Get.idempotencyLevel == .noSideEffects && Echo.Put.idempotencyLevel == .idempotent)
        #expect(Echo.Chat.isClientStreaming && Echo.Chat.isServerStreaming && !Echo.Say.isClientStreaming)
    }
}
