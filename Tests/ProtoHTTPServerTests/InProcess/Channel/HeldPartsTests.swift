// HeldPartsTests.swift: the stall guard's held request parts: first in first out, empty again once all have gone.
@testable import ProtoHTTPServer
import Testing

extension ServerTests {
    @Suite("Held request parts")
    struct HeldPartsTests {
        @Test("parts leave in the order they were held, also when more arrive between")
        func firstInFirstOut() {
            var held = HeldParts<Int>()
            #expect(held.isEmpty && held.first == nil)
            held.append(1)
            held.append(2)
            #expect(held.first == 1)
            held.removeFirst()
            held.append(3)
            var order: [Int] = []
            while let part = held.first {
                order.append(part)
                held.removeFirst()
            }
            #expect(order == [2, 3])
            #expect(held.isEmpty)
            held.append(4)  // emptied whole: the next part is first again
            #expect(held.first == 4 && !held.isEmpty)
        }

        @Test("removeAll lets every part go")
        func removeAll() {
            var held = HeldParts<Int>()
            for part in 1...5 { held.append(part) }
            held.removeFirst()
            held.removeAll()
            #expect(held.isEmpty && held.first == nil)
        }
    }
}
