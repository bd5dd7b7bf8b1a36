// TransportStreamTests.swift: a streaming transfer's two byte streams: pauses at the high water mark, resumes when drained, the end.
import CCurl
import HTTPTypes
import Synchronization
import Testing
@testable import ProtoHTTP

@Suite("Transport streams: back-pressure both ways")
struct TransportStreamTests {
    /// Counts the resumes a stream asks the engine for.
    final class Resumes: Sendable {
        private let count = Mutex(0)
        var value: Int { count.withLock { $0 } }
        func record() { count.withLock { $0 += 1 } }
    }

    @Test("receiving: past the high water mark libcurl is told to pause; reading it down resumes once; events come in order")
    func receivePausesAndResumes() async throws {
        let stream = TransportStream()
        let resumes = Resumes()
        stream.attach { resumes.record() }
        stream.receivedHead(status: 200, headers: [.contentType: "application/grpc"])
        let chunk = [UInt8](repeating: 7, count: 64 << 10)
        var accepted = 0
        while chunk.withUnsafeBytes({ stream.receive($0) }) { accepted += 1 }
        #expect(accepted == TransportStream.highWater / chunk.count)  // exactly up to the mark, then PAUSE
        #expect(stream.pauseMask == CCURL_PAUSE_RECV)
        guard case .head(let status, _)? = await stream.next() else { Issue.record("the head comes first"); return }
        #expect(status == 200)
        for taken in 1...accepted {
            guard case .data(let bytes)? = await stream.next() else { Issue.record("data \(taken)"); return }
            #expect(bytes.count == chunk.count)
            // Resumed once, when what waits fell to half the mark.
            #expect(resumes.value == (taken >= accepted / 2 ? 1 : 0), "after \(taken) chunks")
        }
        #expect(stream.pauseMask == 0)
        stream.complete()
        #expect(await stream.next() == nil)
    }

    @Test("sending: an empty queue pauses libcurl until the next write; writers wait past the high water mark; the end is 0 bytes")
    func sendPausesAndResumes() async throws {
        let stream = TransportStream()
        let resumes = Resumes()
        stream.attach { resumes.record() }
        var buffer = [UInt8](repeating: 0, count: 16 << 10)
        func read() -> TransportStream.Outgoing { buffer.withUnsafeMutableBytes { stream.readOutgoing(into: $0) } }
        guard case .pause = read() else { Issue.record("nothing queued: pause"); return }
        #expect(stream.pauseMask == CCURL_PAUSE_SEND)
        stream.enqueue([1, 2, 3])
        #expect(resumes.value == 1 && stream.pauseMask == 0)
        guard case .bytes(3) = read() else { Issue.record("the three bytes"); return }
        #expect(buffer.prefix(3) == [1, 2, 3])

        // A writer past the mark waits until libcurl has taken the queue below it.
        let big = [UInt8](repeating: 9, count: TransportStream.highWater + buffer.count)
        let written = Mutex(false)
        let writer = Task {
            await stream.write(big)
            written.withLock { $0 = true }
        }
        while stream.queuedOutgoing == 0 { await Task.yield() }  // the writer has queued its bytes
        #expect(!written.withLock { $0 })
        guard case .bytes(buffer.count) = read() else { Issue.record("a full buffer"); return }
        await writer.value  // now at the mark, no longer above it
        #expect(written.withLock { $0 })
        var drained = buffer.count
        while case .bytes(let count) = read() { drained += count }
        #expect(drained == big.count)
        stream.finishWriting()
        guard case .end = read() else { Issue.record("the end"); return }
    }

    @Test("a call that completes wakes a waiting reader and writer; nothing is read after the end")
    func completionWakesBoth() async throws {
        let stream = TransportStream()
        stream.attach {}
        let reader = Task { await stream.next() }
        let writer = Task { await stream.write([UInt8](repeating: 1, count: TransportStream.highWater + 1)) }
        stream.complete()
        #expect(await reader.value == nil)
        await writer.value
        let queued = stream.queuedOutgoing
        stream.enqueue([1])  // after the end: dropped
        #expect(stream.queuedOutgoing == queued)
    }
}

extension TransportStream.Event: Equatable {
    public static func == (lhs: TransportStream.Event, rhs: TransportStream.Event) -> Bool {
        switch (lhs, rhs) {
        case (.head(let a, let b), .head(let c, let d)): a == c && b == d
        case (.data(let a), .data(let b)): a == b
        default: false
        }
    }
}
