// ContinuationBridgeTests.swift: the one callback-to-async bridge: value first or waiter first, first value wins, races.
import Dispatch
import Testing
@testable import ProtoHTTPCore

@Suite("Continuation bridge")
struct ContinuationBridgeTests {
    @Test("a value that arrives before the waiter is kept; later values are dropped")
    func valueFirst() async {
        let bridge = ContinuationBridge<Int>()
        #expect(bridge.resume(1))
        #expect(!bridge.resume(2))
        #expect(await bridge.wait() == 1)
        #expect(!bridge.resume(3))
    }

    @Test("a waiter that arrives first is resumed by the first value")
    func waiterFirst() async {
        let bridge = ContinuationBridge<String>()
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(20)) {
            bridge.resume("first")
            bridge.resume("second")
        }
        #expect(await bridge.wait() == "first")
    }

    @Test("many producers racing: exactly one value is delivered, and it is one of theirs")
    func racingProducers() async {
        for _ in 0..<200 {
            let bridge = ContinuationBridge<Int>()
            let wins = DispatchQueue(label: "wins")
            nonisolated(unsafe) var winners = 0
            DispatchQueue.concurrentPerform(iterations: 4) { i in
                if bridge.resume(i) { wins.sync { winners += 1 } }
            }
            let value = await bridge.wait()
            #expect((0..<4).contains(value))
            #expect(wins.sync { winners } == 1)
        }
    }
}
