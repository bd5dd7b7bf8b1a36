// GzipInflaterTests.swift: Gzip.Inflater fed in pieces of every size against /bin/gzip, and each way a stream is refused.
import ProtoHTTPGzip
import Testing

extension ServerTests {
    @Suite("Gzip.Inflater")
    struct GzipInflaterTests {
        /// Bytes that compress somewhat: a counter's digits and a few byte patterns.
        static let text: [UInt8] = (0..<50_000).flatMap { Array("\($0 % 977),\($0 & 0xff) ".utf8) }

        static func inflate(_ compressed: [UInt8], pieces size: Int, limit: Int = .max, maxRatio: Int? = nil) -> Result<[UInt8], Gzip.Failure> {
            let inflater = Gzip.Inflater(limit: limit, maxRatio: maxRatio)
            for start in stride(from: 0, to: compressed.count, by: size) {
                if let failure = inflater.feed(Array(compressed[start..<min(start + size, compressed.count)])) { return .failure(failure) }
            }
            return inflater.finish()
        }

        @Test("system gzip's output, fed 1, 7, 4096 bytes or all at once, inflates to the original")
        func piecesOfEverySize() async throws {
            let compressed = try await CompressionTests.gzip(Self.text)
            #expect(compressed.count < Self.text.count / 2)
            for size in [1, 7, 4096, compressed.count] {
                #expect(try Self.inflate(compressed, pieces: size).get() == Self.text, "pieces of \(size)")
            }
            #expect(try Gzip.inflate(compressed, limit: Self.text.count).get() == Self.text)
            #expect(Gzip.inflate(compressed, limit: Self.text.count - 1) == .failure(.tooLarge))
        }

        @Test("truncated, trailing bytes (in the same piece or a later one), not gzip, empty: corrupt, and the failure sticks")
        func corrupt() async throws {
            let compressed = try await CompressionTests.gzip(Self.text)
            func isCorrupt(_ result: Result<[UInt8], Gzip.Failure>) -> Bool {
                if case .failure(.corrupt) = result { return true }
                return false
            }
            #expect(isCorrupt(Self.inflate(Array(compressed.dropLast(9)), pieces: 100)))
            #expect(isCorrupt(Self.inflate(compressed + [0], pieces: compressed.count + 1)))
            #expect(isCorrupt(Self.inflate(compressed + [0], pieces: compressed.count)))
            #expect(isCorrupt(Self.inflate(Self.text, pieces: 100)))
            #expect(isCorrupt(Gzip.Inflater(limit: 10).finish()))

            let inflater = Gzip.Inflater(limit: .max)
            guard case .corrupt? = inflater.feed([1, 2, 3]) else { Issue.record("not gzip was accepted"); return }
            guard case .corrupt? = inflater.feed(Array(compressed)) else { Issue.record("a good stream after a failure was accepted"); return }
            #expect(isCorrupt(inflater.finish()))
        }

        @Test("a bomb fed 1 KiB at a time fails on its ratio within its first few KiB")
        func bombStopsEarly() throws {
            let bomb = try #require(Gzip.compress([UInt8](repeating: 0, count: 64 << 20), level: 9))
            let inflater = Gzip.Inflater(limit: .max, maxRatio: 200)
            var fed = 0
            var failure: Gzip.Failure?
            while failure == nil, fed < bomb.count {
                failure = inflater.feed(Array(bomb[fed..<min(fed + 1024, bomb.count)]))
                fed += 1024
            }
            #expect(failure == .tooCompressed(ratio: 200))
            #expect(fed <= 4 << 10, "read \(fed) bytes of the bomb before refusing it")
            // Text that compresses well but not like a bomb passes the same ratio.
            let compressed = try #require(Gzip.compress(Self.text, level: 9))
            #expect(try Self.inflate(compressed, pieces: 1024, maxRatio: 200).get() == Self.text)
        }
    }
}
