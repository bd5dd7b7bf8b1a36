// SharedStorageEncodingTests.swift: encoding reads repeated messages in place and never disturbs arrays shared between copies.

import ProtoWire
import ProtoWireTestSchema
import Testing

private typealias All3 = Protohttp_Test_TestAllTypes3

/// A message whose repeated submessages (and their strings) hold heap storage.
private func recordsMessage(count: Int) -> All3 {
    var message = All3()
    message.rNested = (0..<count).map { index in
        var nested = Protohttp_Test_Nested3()
        nested.a = Int32(index + 1)  // never 0, which proto3 leaves out
        nested.b = "record number \(index), long enough to live on the heap"
        return nested
    }
    message.rString = (0..<count).map { "label-\($0)-with-a-heap-allocated-tail" }
    var child = All3()
    child.fInt32 = 7
    message.rRecursive = [child, child]
    return message
}

@Suite struct SharedStorageEncodingTests {
    /// Copies share the arrays' storage; encoding one must leave every copy equal and encode
    /// to the bytes the fields spell out.
    @Test func copiesSharingArraysEncodeIdenticallyAndStayEqual() throws {
        let original = recordsMessage(count: 3)
        let copy = original
        var onlyNested = All3()
        onlyNested.rNested = copy.rNested
        var expected: [UInt8] = []
        for nested in original.rNested {
            let body = [0x08, UInt8(nested.a), 0x12, UInt8(nested.b.utf8.count)] + Array(nested.b.utf8)
            expected += [0xFA, 0x02, UInt8(body.count)] + body  // field 47 (r_nested), length-delimited
        }
        #expect(onlyNested.serializedBytes() == expected)
        let encoded = copy.serializedBytes()
        #expect(encoded == original.serializedBytes())
        #expect(copy == original)
        #expect(onlyNested.rNested == original.rNested)
        #expect(try All3(serializedBytes: encoded) == original)
    }

    /// Many tasks encoding one value at once only read it (TSan in `make sanitize` would report
    /// a write), and all get the same bytes.
    @Test func concurrentEncodesOfOneValueAgree() async throws {
        let shared = recordsMessage(count: 200)
        let reference = shared.serializedBytes()
        let results = await withTaskGroup(of: [UInt8].self) { group in
            for _ in 0..<8 { group.addTask { shared.serializedBytes() } }
            var all: [[UInt8]] = []
            for await bytes in group { all.append(bytes) }
            return all
        }
        #expect(results.count == 8)
        #expect(results.allSatisfy { $0 == reference })
        #expect(try All3(serializedBytes: reference) == shared)
    }
}
