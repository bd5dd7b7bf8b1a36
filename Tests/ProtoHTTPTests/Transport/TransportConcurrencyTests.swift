// TransportConcurrencyTests.swift: many calls in flight on one engine, bounded in count and time.
import Foundation
import Synchronization
import Testing
@testable import ProtoHTTP
import ProtoHTTPTestSupport

@Suite("HTTPTransport concurrency")
struct TransportConcurrencyTests {
    @Test(.timeLimit(.minutes(hangGuardMinutes)))
    func twoHundredAsyncCallsSixteenAtATime() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let transport = try makeTransport()
        let total = 200, width = 16
        let mismatches = try await withThrowingTaskGroup(of: Bool.self) { group in
            var next = 0, bad = 0
            func add() {
                let i = next
                next += 1
                let url = server.url("/echo")
                group.addTask {
                    let body = Array("request number \(i)".utf8)
                    let response = try await transport.send(TransportRequest(url: url, body: body))
                    return response.body == body && response.status == 200
                }
            }
            for _ in 0..<width { add() }
            while let ok = try await group.next() {
                if !ok { bad += 1 }
                if next < total { add() }
            }
            return bad
        }
        #expect(mismatches == 0)
        let connections = try await transport.send(TransportRequest(method: "GET", url: server.url("/connections")))
        let opened = try #require(Int(connections.text))
        #expect(opened >= 1 && opened <= width + 1, "opened \(opened) connections for \(total) calls")
        await expectNoLeaks(transport)
    }

    @Test(.timeLimit(.minutes(hangGuardMinutes)))
    func twoHundredCallbackCallsAtOnceEachDeliverOnce() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let transport = try makeTransport { $0.maxConnectionsPerHost = 16 }
        let recorder = CallbackRecorder()
        let calls = (0..<200).map { i in
            recorder.send(transport, TransportRequest(url: server.url("/echo"), body: Array("\(i)".utf8)))
        }
        let results = await recorder.waitForResults(200)
        #expect(results.count == 200)
        #expect(recorder.handedOffCount == 200)
        #expect(results.allSatisfy { $0.value?.status == 200 })
        let bodies = Set(results.compactMap { $0.value?.text })
        #expect(bodies == Set((0..<200).map { "\($0)" }))
        #expect(calls.allSatisfy { $0.isFinished })
        #expect(!recorder.callbackThreads.contains(transport.threadID))
        let connections = try await transport.send(TransportRequest(method: "GET", url: server.url("/connections")))
        #expect((Int(connections.text) ?? 99) <= 17)
        await expectNoLeaks(transport)
    }

    @Test func manyTransportsComeAndGoWithoutLeakingThreads() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        var tids: [Int32] = []
        for _ in 0..<10 {
            let transport = try makeTransport()
            let response = try await transport.send(TransportRequest(url: server.url("/echo"), body: [1]))
            #expect(response.body == [1])
            tids.append(transport.threadID)
            transport.shutdown()
        }
        let joined = tids
        #expect(await waitUntil { joined.allSatisfy { $0 > 0 && !threadExists($0) } })
        #expect(Set(tids).count == 10)
    }
}
