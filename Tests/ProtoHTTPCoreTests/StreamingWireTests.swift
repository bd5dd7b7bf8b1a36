// StreamingWireTests.swift: the pieces streams are read with: frames cut from chunks of any size, Connect's end-of-stream message.
import HTTPTypes
import ProtoWire
import Testing
import ProtoHTTPCore

@Suite("Streaming wire pieces")
struct StreamingWireTests {
    private static let frames = [
        GRPCFrame(payload: []),
        GRPCFrame(flags: GRPCFrame.compressedFlag, payload: [1, 2, 3]),
        GRPCFrame(payload: Array(repeating: 0xAB, count: 300)),
        GRPCFrame(flags: ConnectEndStream.endStreamFlag, payload: Array(#"{}"#.utf8)),
    ]

    @Test("frames come out whole and in order whatever the chunk size, and nothing is left over")
    func framesFromChunks() throws {
        let stream = Self.frames.flatMap(\.bytes)
        for chunkSize in [1, 2, 4, 5, 6, 7, 64, 305, stream.count] {
            var reader = FrameReader(limit: 1024)
            var read: [GRPCFrame] = []
            var offset = 0
            while offset < stream.count {
                reader.append(contentsOf: stream[offset..<min(offset + chunkSize, stream.count)])
                offset += chunkSize
                while let frame = try reader.next().get() { read.append(frame) }
            }
            #expect(read == Self.frames, "chunks of \(chunkSize)")
            #expect(reader.leftover == nil && reader.bufferedBytes == 0)
        }
    }

    @Test("an oversize frame is refused from its prefix alone, before its payload is held")
    func oversizeFromThePrefix() throws {
        var reader = FrameReader(limit: 16)
        reader.append(contentsOf: GRPCFrame(payload: Array(repeating: 1, count: 16)).bytes)
        #expect(try reader.next().get()?.payload.count == 16)
        reader.append(contentsOf: [0, 0, 0, 0, 17])
        #expect(reader.next().error == .tooLarge(announced: 17, limit: 16))
        var huge = FrameReader(limit: 4 << 20)
        huge.append(contentsOf: [0, 0xFF, 0xFF, 0xFF, 0xFF])
        #expect(huge.next().error == .tooLarge(announced: 0xFFFF_FFFF, limit: 4 << 20))
    }

    @Test("a stream that stops inside a frame names where: in the prefix, or how much of the payload came")
    func leftovers() throws {
        var reader = FrameReader()
        reader.append(contentsOf: [0, 0, 0])
        #expect(try reader.next().get() == nil)
        #expect(reader.leftover == .truncatedPrefix(count: 3))
        reader.append(contentsOf: [0, 4, 9, 9])
        #expect(try reader.next().get() == nil)
        #expect(reader.leftover == .truncatedPayload(announced: 4, present: 2))
        reader.append(contentsOf: [9, 9])
        #expect(try reader.next().get() == GRPCFrame(payload: [9, 9, 9, 9]))
        #expect(reader.leftover == nil)
    }

    @Test("a long stream keeps the reader's buffer to about one frame")
    func memoryStaysFlat() throws {
        var reader = FrameReader(limit: 1 << 16)
        let frame = GRPCFrame(payload: Array(repeating: 7, count: 1000)).bytes
        var count = 0
        for _ in 0..<10_000 {
            reader.append(contentsOf: frame[0..<600])
            reader.append(contentsOf: frame[600...])
            while try reader.next().get() != nil { count += 1 }
            #expect(reader.bufferedBytes == 0)
        }
        #expect(count == 10_000)
    }

    @Test("end-of-stream: success with trailers, and an error with details, round-trip; names keep their values in order")
    func endStreamRoundTrips() throws {
        var metadata: HTTPFields = [:]
        metadata.append(HTTPField(name: try #require(HTTPField.Name("x-count")), value: "3"))
        metadata.append(HTTPField(name: try #require(HTTPField.Name("x-tag")), value: "a"))
        metadata.append(HTTPField(name: try #require(HTTPField.Name("x-tag")), value: "b"))
        let ok = ConnectEndStream(metadata: metadata)
        #expect(String(decoding: ok.encode(), as: UTF8.self) == #"{"metadata":{"x-count":["3"],"x-tag":["a","b"]}}"#)
        #expect(ConnectEndStream.decode(ok.encode()) == ok)
        #expect(String(decoding: ConnectEndStream().encode(), as: UTF8.self) == "{}")

        let error = ProtoHTTPError(code: .notFound, message: "no note n404", details: [ErrorDetail(type: "a.B", value: [1, 2])])
        let failed = try #require(ConnectEndStream.decode(ConnectEndStream(error: error).encode()))
        #expect(failed.error?.code == .notFound && failed.error?.message == "no note n404" && failed.error?.details == error.details)
        #expect(failed.metadata.isEmpty)

        let envelope = ConnectEndStream(error: error).envelope
        #expect(envelope.first == ConnectEndStream.endStreamFlag)
        let parsed = try #require(try GRPCFrame.parse(envelope).get().first)
        #expect(ConnectEndStream.decode(parsed.payload)?.error?.code == .notFound)
    }

    @Test("end-of-stream: the protocol's own example, nulls and unknown members are read")
    func endStreamReadsTheSpecification() throws {
        let text = #"{"error":{"code":"resource_exhausted","message":"slow down"},"metadata":{"Retry-After":["5"]},"extra":[1]}"#
        let read = try #require(ConnectEndStream.decode(Array(text.utf8)))
        #expect(read.error?.code == .resourceExhausted && read.error?.message == "slow down")
        #expect(read.metadata[.retryAfter] == "5")
        #expect(ConnectEndStream.decode(Array(#"{"error":null,"metadata":null}"#.utf8)) == ConnectEndStream())
    }

    @Test("end-of-stream: what is not one is nil, never a crash", arguments: [
        "", "null", "[]", "{", #"{"error":{}}"#, #"{"error":{"code":"teapot"}}"#, #"{"error":"not_found"}"#,
        #"{"metadata":{"x":"1"}}"#, #"{"metadata":{"x":[1]}}"#, #"{"metadata":{"bad name":["1"]}}"#, #"{"metadata":[]}"#,
        #"{} trailing"#,
    ])
    func endStreamRejects(text: String) {
        #expect(ConnectEndStream.decode(Array(text.utf8)) == nil)
    }

    @Test("which protocols carry streams, and their content types both ways")
    func streamingVocabulary() {
        #expect(RPCProtocol.connect.carriesStreams && RPCProtocol.grpc.carriesStreams && RPCProtocol.grpcWeb.carriesStreams)
        #expect(!RPCProtocol.twirp.carriesStreams && !RPCProtocol.plain.carriesStreams)
        #expect(RPCProtocol.connect.streamContentType(for: .binary) == "application/connect+proto")
        #expect(RPCProtocol.connect.streamContentType(for: .json) == "application/connect+json")
        #expect(RPCProtocol.grpc.streamContentType(for: .binary) == RPCProtocol.grpc.contentType(for: .binary))
        #expect(RPCProtocol.twirp.streamContentType(for: .binary) == nil)
        #expect(RPCProtocol.streaming(mediaType: "application/connect+json").map { $0.0 == .connect && $0.1 == .json } == true)
        #expect(RPCProtocol.streaming(mediaType: "application/grpc").map { $0.0 } == .grpc)
        #expect(RPCProtocol.streaming(mediaType: "application/grpc-web+json").map { $0.0 == .grpcWeb && $0.1 == .json } == true)
        #expect(RPCProtocol.streaming(mediaType: "application/proto") == nil)
        #expect(RPCProtocol.streaming(mediaType: "application/json") == nil)
    }
}

extension Result {
    fileprivate var error: Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }
}
