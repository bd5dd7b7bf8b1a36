// HTTP2FrameBoundariesTests.swift: the calm gate's cuts: after each RST_STREAM, at the slice limit otherwise, with frame headers split across reads.
import NIOCore
@testable import ProtoHTTPServer
import Testing

extension ServerTests {
    @Suite("HTTP/2 frame boundaries")
    struct HTTP2FrameBoundariesTests {
        static let reset = HTTP2Frames.frame(type: 0x3, flags: 0, stream: 1, [0, 0, 0, 0x8])
        static let ping = HTTP2Frames.frame(type: 0x6, flags: 0, stream: 0, [UInt8](repeating: 7, count: 8))

        /// The slice lengths `bytes` is cut into, handed over in reads of `readSize` bytes.
        static func cuts(_ bytes: [UInt8], readSize: Int, limit: Int = 4096) -> [Int] {
            var boundaries = HTTP2FrameBoundaries()
            var lengths: [Int] = []
            var offset = 0
            while offset < bytes.count {
                var read = ByteBuffer(bytes: bytes[offset..<min(bytes.count, offset + readSize)])
                while read.readableBytes > 0 {
                    let length = boundaries.nextSliceLength(of: read, limit: limit)
                    lengths.append(length)
                    read.moveReaderIndex(forwardBy: length)
                }
                offset += readSize
            }
            return lengths
        }

        @Test("a read is cut just after each RST_STREAM; the preface and other frames pass whole")
        func cutAfterResets() {
            let bytes = HTTP2Frames.preface + Self.ping + Self.reset + Self.ping + Self.ping + Self.reset + Self.ping
            let first = HTTP2Frames.preface.count + Self.ping.count + Self.reset.count
            #expect(Self.cuts(bytes, readSize: bytes.count) == [first, 2 * Self.ping.count + Self.reset.count, Self.ping.count])
        }

        @Test("frame headers and payloads split across reads of any size are followed (1, 5 and 9 bytes at a time)")
        func splitAcrossReads() {
            let bytes = HTTP2Frames.preface + Self.ping + Self.reset + Self.ping + Self.reset
            for readSize in [1, 5, 9] {
                // Slices never cross a reset's end: summing them, each reset's end is a slice end.
                var ends = Set<Int>()
                var position = 0
                for length in Self.cuts(bytes, readSize: readSize) {
                    position += length
                    ends.insert(position)
                }
                let firstResetEnd = HTTP2Frames.preface.count + Self.ping.count + Self.reset.count
                #expect(ends.contains(firstResetEnd) && ends.contains(bytes.count), "reads of \(readSize): \(ends.sorted())")
                #expect(position == bytes.count)
            }
        }

        @Test("a large DATA frame is cut at the slice limit, and what follows it is framed right")
        func largeFrames() {
            let data = HTTP2Frames.data(stream: 1, [UInt8](repeating: 0x61, count: 10_000))
            let bytes = HTTP2Frames.preface + data + Self.reset + Self.ping
            let lengths = Self.cuts(bytes, readSize: bytes.count, limit: 4096)
            #expect(lengths == [4096, 4096, HTTP2Frames.preface.count + data.count + Self.reset.count - 8192, Self.ping.count])
        }
    }
}
