// GRPCWireTests.swift: gRPC's wire pieces: frames, grpc-timeout, grpc-message, -bin values, status details, gRPC-Web trailers.
import HTTPTypes
import ProtoWire
import Testing
import ProtoHTTPCore

@Suite("gRPC wire pieces")
struct GRPCWireTests {
    @Test("frames: written with flags and a big-endian length; parsed back; truncation and oversize named")
    func frames() throws {
        let bytes = GRPCFrame(flags: GRPCFrame.compressedFlag, payload: [7, 8, 9]).bytes
        #expect(bytes == [1, 0, 0, 0, 3, 7, 8, 9])
        let two = try GRPCFrame.parse(bytes + GRPCFrame(flags: GRPCFrame.trailersFlag, payload: []).bytes).get()
        #expect(two.count == 2 && two[0].isCompressed && two[0].payload == [7, 8, 9] && two[1].isTrailers)
        #expect(try GRPCFrame.parse([]).get().isEmpty)
        #expect(GRPCFrame.parse([0, 0, 0]).error == .truncatedPrefix(count: 3))
        #expect(GRPCFrame.parse([0, 0, 0, 0, 5, 1]).error == .truncatedPayload(announced: 5, present: 1))
        #expect(GRPCFrame.parse([0, 0x7F, 0, 0, 0], limit: 1024).error == .tooLarge(announced: 0x7F00_0000, limit: 1024))
    }

    @Test("grpc-timeout: every unit parses; bad values are nil; formatting rounds up and never exceeds eight digits")
    func timeouts() {
        #expect(GRPCTimeout.parse("2H") == .seconds(7200))
        #expect(GRPCTimeout.parse("3M") == .seconds(180))
        #expect(GRPCTimeout.parse("4S") == .seconds(4))
        #expect(GRPCTimeout.parse("250m") == .milliseconds(250))
        #expect(GRPCTimeout.parse("7u") == .microseconds(7))
        #expect(GRPCTimeout.parse("99999999n") == .nanoseconds(99_999_999))
        for bad in ["", "S", "1", "1.5S", "-1S", "123456789S", "10s", " 1S"] {
            #expect(GRPCTimeout.parse(bad) == nil, "\(bad)")
        }
        #expect(GRPCTimeout.format(.milliseconds(300)) == "300000u")  // 300,000,000n would be nine digits
        #expect(GRPCTimeout.format(.nanoseconds(99_999_999)) == "99999999n")
        #expect(GRPCTimeout.format(.nanoseconds(1_500)) == "1500n")
        #expect(GRPCTimeout.format(.seconds(100_000) + .nanoseconds(1)) == "100001S")  // rounded up, never shorter
        #expect(GRPCTimeout.format(.seconds(3600 * 24 * 365)) == "31536000S")
        #expect(GRPCTimeout.format(.nanoseconds(1)) == "1n")
        #expect(GRPCTimeout.format(.zero) == "1n")
        #expect(GRPCTimeout.format(.seconds(-5)) == "1n")
        #expect(GRPCTimeout.format(.seconds(Int64.max)) == "2562048H")  // saturated at Int64.max nanoseconds, about 292 years
        // Round trips never shorten a deadline.
        for ms in [1, 7, 999, 100_000, 123_456_789] {
            let parsed = GRPCTimeout.parse(GRPCTimeout.format(.milliseconds(ms)))
            #expect(parsed.map { $0 >= .milliseconds(ms) } == true, "\(ms)")
        }
    }

    @Test("grpc-message: every byte value round-trips; printable ASCII stays, % and the rest are escaped; malformed escapes are kept")
    func messages() {
        let all = String(decoding: (0...255).map { UInt8($0) }, as: UTF8.self)
        let encoded = GRPCStatusMessage.encode(all)
        #expect(encoded.utf8.allSatisfy { $0 >= 0x20 && $0 <= 0x7E })
        #expect(GRPCStatusMessage.decode(encoded) == all)
        #expect(GRPCStatusMessage.encode("50% done: ünï") == "50%25 done: %C3%BCn%C3%AF")
        #expect(GRPCStatusMessage.decode("100%") == "100%")
        #expect(GRPCStatusMessage.decode("%zz and %4") == "%zz and %4")
        #expect(GRPCStatusMessage.decode("%FF") == "\u{FFFD}")
    }

    @Test("-bin values and grpc-status-details-bin: padded out, padded or not in, details keep their type and bytes")
    func binaryAndDetails() throws {
        for length in 0..<8 {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 * 37 + 200) }
            let text = GRPCBinaryHeader.encode(bytes)
            #expect(GRPCBinaryHeader.decode(text) == bytes)
            #expect(GRPCBinaryHeader.decode(String(text.prefix { $0 != "=" })) == bytes)  // unpadded too
        }
        #expect(GRPCBinaryHeader.decode("AAE=, Ag") == [0, 1, 2])
        #expect(GRPCBinaryHeader.decode("not base64!") == nil)
        let error = ProtoHTTPError(code: .failedPrecondition, message: "ünï", details: [ErrorDetail(type: "pkg.Why", value: [1, 2, 3])])
        let decoded = try #require(GRPCStatusDetails.decode(GRPCStatusDetails.encode(error)))
        #expect(decoded.code == 9 && decoded.message == "ünï")
        #expect(decoded.details == [ErrorDetail(type: "pkg.Why", value: [1, 2, 3])])
        #expect(GRPCStatusDetails.decode("////") == nil)
    }

    @Test("gRPC-Web trailer blocks: lowercase lines out; CRLF or LF in; a line without a colon is refused")
    func webTrailers() throws {
        let fields: HTTPFields = [.grpcStatus: "0", HTTPField.Name("X-Extra")!: "a b"]
        #expect(String(decoding: GRPCWebTrailers.encode(fields), as: UTF8.self) == "grpc-status: 0\r\nx-extra: a b\r\n")
        let parsed = try #require(GRPCWebTrailers.decode(Array("grpc-status:5\ngrpc-message: no%20such\r\n\r\n".utf8)))
        #expect(parsed[.grpcStatus] == "5" && parsed[.grpcMessage] == "no%20such")
        #expect(GRPCWebTrailers.decode(Array("grpc-status 5\r\n".utf8)) == nil)
    }

    @Test("content types: gRPC and gRPC-Web media types map to their protocol and encoding")
    func mediaTypes() {
        #expect(RPCProtocol.framed(mediaType: "application/grpc") == .grpc)
        #expect(RPCProtocol.framed(mediaType: "application/grpc+json") == .grpc)
        #expect(RPCProtocol.framed(mediaType: "application/grpc-web-text") == .grpcWeb)
        #expect(RPCProtocol.framed(mediaType: "application/grpc-web+json") == .grpcWeb)
        #expect(RPCProtocol.framed(mediaType: "application/proto") == nil)
        #expect(RPCProtocol.grpc.encoding(ofMediaType: "application/grpc+proto") == .binary)
        #expect(RPCProtocol.grpcWeb.encoding(ofMediaType: "application/grpc-web+json") == .json)
        #expect(RPCProtocol.grpc.contentType(for: .json) == "application/grpc+json")
        #expect(RPCProtocol.grpcWeb.contentType(for: .binary) == "application/grpc-web+proto")
    }
}

extension Result {
    fileprivate var error: Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }
}
