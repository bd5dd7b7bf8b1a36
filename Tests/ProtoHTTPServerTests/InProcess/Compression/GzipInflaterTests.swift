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

        /// `compressed` fed 1 KiB at a time under a ratio limit of 200: the failure, if any, and
        /// how much had been inflated by then.
        static func ratioLimited(_ compressed: [UInt8], announced: Bool) -> (failure: Gzip.Failure?, inflated: Int) {
            let inflater = Gzip.Inflater(limit: .max, maxRatio: 200, expectedInput: announced ? compressed.count : nil)
            var failure: Gzip.Failure?
            for start in stride(from: 0, to: compressed.count, by: 1024) where failure == nil {
                failure = inflater.feed(Array(compressed[start..<min(start + 1024, compressed.count)]))
            }
            if failure == nil, case .failure(let end) = inflater.finish() { failure = end }
            return (failure, inflater.produced)
        }

        @Test("a bomb whose length is known is refused by its ratio once 32 KiB have inflated; unannounced, once 256 KiB have")
        func bombStopsEarly() throws {
            let bomb = try #require(Gzip.compress([UInt8](repeating: 0, count: 64 << 20), level: 9))
            let announced = Self.ratioLimited(bomb, announced: true)
            #expect(announced.failure == .tooCompressed(ratio: 200))
            #expect(announced.inflated > Gzip.earlyRatioFloor && announced.inflated <= Gzip.earlyRatioFloor + (8 << 10), "\(announced.inflated)")
            let unannounced = Self.ratioLimited(bomb, announced: false)
            #expect(unannounced.failure == .tooCompressed(ratio: 200))
            #expect(unannounced.inflated > Gzip.ratioFloor && unannounced.inflated <= Gzip.ratioFloor + (8 << 10), "\(unannounced.inflated)")
        }

        @Test("small bodies that compress like bombs (100 KB of one letter) and text that compresses 20 times pass the ratio limit")
        func wellCompressedBodiesPass() throws {
            let letters = [UInt8](repeating: UInt8(ascii: "y"), count: 100_000)
            let compressed = try #require(Gzip.compress(letters, level: 6))
            #expect(letters.count / compressed.count > 200)
            for announced in [true, false] {
                #expect(Self.ratioLimited(compressed, announced: announced).failure == nil, "announced: \(announced)")
                let text = try #require(Gzip.compress(Self.text, level: 9))
                #expect(Self.ratioLimited(text, announced: announced).failure == nil, "announced: \(announced)")
            }
            // Past 256 KiB the same letter is refused, whether or not its length is known.
            let more = try #require(Gzip.compress([UInt8](repeating: UInt8(ascii: "y"), count: 400_000), level: 6))
            #expect(Self.ratioLimited(more, announced: false).failure == .tooCompressed(ratio: 200))
        }
    }
}
