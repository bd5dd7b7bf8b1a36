// GroupTests.swift: proto2 groups (start-group/end-group framing), nested, repeated and recursive.

import Foundation
import ProtoWire
import ProtoWireTestSchema
import Testing

private typealias G2 = Protohttp_Test2_Groups2

/// Decodes `bytes` as Groups2 and returns the error it throws, or `nil` if it decodes.
private func groupDecodeError(_ bytes: [UInt8], options: DecodingOptions = DecodingOptions()) -> WireError? {
    do {
        _ = try G2(serializedBytes: bytes, options: options)
        return nil
    } catch {
        return error
    }
}

@Suite struct GroupTests {
    @Test func nestedAndRepeatedGroupsGolden() throws {
        var msg = G2()
        msg.optGroup.a = 1
        msg.optGroup.inner.c = -1
        var first = G2.RepGroup()
        first.d = 2
        var second = G2.RepGroup()
        second.d = 3
        second.child.after = 4
        msg.repGroup = [first, second]
        msg.after = 5

        let golden: [UInt8] = [
            0x0B,              // 1 OptGroup start: (1<<3)|3
            0x10, 0x01,        //   2 a = 1: (2<<3)|0
            0x23,              //   4 Inner start: (4<<3)|3
            0x28, 0x01,        //     5 c = -1: (5<<3)|0, zigzag(-1) = 1
            0x24,              //   4 Inner end: (4<<3)|4
            0x0C,              // 1 OptGroup end: (1<<3)|4
            0x53,              // 10 RepGroup start: (10<<3)|3 = 83
            0x58, 0x02,        //   11 d = 2: (11<<3)|0 = 88
            0x54,              // 10 RepGroup end: (10<<3)|4 = 84
            0x53,              // 10 RepGroup start, second element
            0x58, 0x03,        //   11 d = 3
            0x62, 0x03,        //   12 child: (12<<3)|2 = 98, length 3
            0xA0, 0x01, 0x04,  //     20 after = 4: (20<<3)|0 = 160 = 0xA0 0x01
            0x54,              // 10 RepGroup end
            0xA0, 0x01, 0x05,  // 20 after = 5
        ]
        #expect(msg.serializedSize == golden.count)
        #expect(msg.serializedBytes() == golden)

        let back = try G2(serializedBytes: golden)
        #expect(back == msg)
        #expect(back.hasOptGroup && back.optGroup.hasA && !back.optGroup.hasB)
        #expect(back.optGroup.hasInner && back.optGroup.inner.c == -1)
        #expect(back.repGroup.map(\.d) == [2, 3])
        #expect(!back.repGroup[0].hasChild)
        #expect(back.repGroup[1].hasChild && back.repGroup[1].child.after == 4)
        #expect(back.after == 5)
        #expect(back.unknownFields.isEmpty && back.optGroup.unknownFields.isEmpty)
    }

    @Test func emptyGroupsArePresent() throws {
        var msg = G2()
        msg.optGroup.inner = G2.OptGroup.Inner()
        msg.repGroup = [G2.RepGroup()]
        // OptGroup start, Inner start, Inner end, OptGroup end, RepGroup start, RepGroup end.
        let golden: [UInt8] = [0x0B, 0x23, 0x24, 0x0C, 0x53, 0x54]
        #expect(msg.serializedBytes() == golden)
        let back = try G2(serializedBytes: golden)
        #expect(back.hasOptGroup && back.optGroup.hasInner && !back.optGroup.inner.hasC)
        #expect(back.repGroup.count == 1)
        #expect(back == msg)
    }

    @Test func recursionThroughRepeatedGroupsRoundTrips() throws {
        var leaf = G2()
        leaf.optGroup.b = "leaf"
        leaf.optGroup.inner.c = .min
        var middle = G2.RepGroup()
        middle.child = leaf
        var inner = G2()
        inner.repGroup = [middle, middle]
        var top = G2.RepGroup()
        top.d = -1
        top.child = inner
        var msg = G2()
        msg.repGroup = [top]
        msg.after = 0

        let bytes = msg.serializedBytes()
        #expect(bytes.count == msg.serializedSize)
        let back = try G2(serializedBytes: bytes)
        #expect(back == msg)
        #expect(back.repGroup[0].child.repGroup[1].child.optGroup.b == "leaf")
        #expect(back.repGroup[0].child.repGroup[1].child.optGroup.inner.c == .min)
        #expect(back.hasAfter && back.after == 0)

        // Six levels of nesting (group, message, group, message, group, group) exceed maxDepth 5.
        #expect(groupDecodeError(bytes, options: DecodingOptions(maxDepth: 5))?.code == .depthLimitExceeded)
        #expect(groupDecodeError(bytes, options: DecodingOptions(maxDepth: 6)) == nil)
    }

    @Test func groupSeenTwiceMerges() throws {
        // OptGroup { a = 1 }, then OptGroup { b = "x" }: one group holding both.
        let input: [UInt8] = [0x0B, 0x10, 0x01, 0x0C, 0x0B, 0x1A, 0x01, 0x78, 0x0C]
        let msg = try G2(serializedBytes: input)
        #expect(msg.optGroup.a == 1)
        #expect(msg.optGroup.b == "x")
        #expect(msg.serializedBytes() == [0x0B, 0x10, 0x01, 0x1A, 0x01, 0x78, 0x0C])
    }

    @Test func unknownFieldsInsideGroupsStayInTheGroup() throws {
        // OptGroup holding field 15 (varint 7, tag (15<<3)|0 = 0x78), unknown to OptGroup.
        let input: [UInt8] = [0x0B, 0x78, 0x07, 0x0C]
        let msg = try G2(serializedBytes: input)
        #expect(msg.hasOptGroup)
        #expect(msg.optGroup.unknownFields.bytes == [0x78, 0x07])
        #expect(msg.unknownFields.isEmpty)
        #expect(msg.serializedBytes() == input)
    }

    @Test func unknownGroupsAreKeptByteExact() throws {
        // Field 7 is not in Groups2: a group (start 0x3B, end 0x3C) holding field 1 = 1 and a
        // nested unknown group 2 (start 0x13, end 0x14) holding field 3 = 2.
        let input: [UInt8] = [0x3B, 0x08, 0x01, 0x13, 0x18, 0x02, 0x14, 0x3C]
        let msg = try G2(serializedBytes: input)
        #expect(msg.unknownFields.bytes == input)
        #expect(msg.serializedBytes() == input)
        // A group where a known field number arrives with another wire type is unknown too:
        // field 1 as a varint (0x08) is not OptGroup.
        let varint = try G2(serializedBytes: [0x08, 0x05])
        #expect(!varint.hasOptGroup)
        #expect(varint.unknownFields.bytes == [0x08, 0x05])
    }

    @Test func badGroupFramingThrows() {
        // OptGroup start with no end before the input ends.
        let open = groupDecodeError([0x0B, 0x10, 0x01])
        #expect(open?.code == .truncated)
        #expect(open?.offset == 0)
        // OptGroup closed by an end-group for field 2 (0x14).
        #expect(groupDecodeError([0x0B, 0x10, 0x01, 0x14])?.code == .mismatchedGroup)
        // Inner closed by OptGroup's end tag (0x0C).
        #expect(groupDecodeError([0x0B, 0x23, 0x0C, 0x0C])?.code == .mismatchedGroup)
        // An end-group with no group open.
        #expect(groupDecodeError([0x0C])?.code == .unmatchedEndGroup)
        // RepGroup's child is a length-delimited message: a group cannot end inside it.
        #expect(groupDecodeError([0x53, 0x62, 0x01, 0x54, 0x54])?.code == .unmatchedEndGroup)
    }
}
