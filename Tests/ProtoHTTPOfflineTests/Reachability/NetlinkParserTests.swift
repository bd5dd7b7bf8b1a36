// NetlinkParserTests.swift: the rtnetlink parser on recorded kernel datagrams, synthetic messages, and broken input (a clear error, never a crash).
import ProtoHTTPOffline
import Testing

@Suite struct NetlinkParserTests {
    typealias S = SyntheticNetlink

    @Test func recordedHostDumpDecodes() throws {
        let messages = try RecordedNetlink.hostDump.flatMap { try NetlinkParser.parse(RecordedNetlink.bytes($0)) }
        let links = messages.compactMap { if case .link(let link) = $0.payload { link } else { nil } }
        #expect(links.compactMap(\.name) == ["lo", "ifb0", "ifb1", "eth0"])
        let eth0 = try #require(links.first { $0.name == "eth0" })
        #expect(eth0.flags & S.up != 0 && eth0.flags & S.running != 0 && eth0.flags & S.loopback == 0)
        #expect(links.first { $0.name == "lo" }.map { $0.flags & S.loopback != 0 } == true)
        #expect(links.first { $0.name == "ifb0" }.map { $0.flags & S.up == 0 } == true)

        let addresses = messages.compactMap { if case .address(let address) = $0.payload { address } else { nil } }
        #expect(addresses.contains { $0.interfaceIndex == eth0.index && $0.address == [192, 0, 2, 2] && $0.prefixLength == 24 })
        #expect(addresses.contains { $0.address == [127, 0, 0, 1] && $0.scope == 254 })

        let defaults = messages.compactMap { if case .route(let route) = $0.payload, route.isDefault { route } else { nil } }
        #expect(defaults.count == 2)
        #expect(defaults.allSatisfy { $0.outputInterfaces == [eth0.index] && $0.table == 254 })
        #expect(defaults.contains { $0.family == 2 && $0.gateway == [192, 0, 2, 1] })
        #expect(defaults.contains { $0.family == 10 && $0.gateway?.first == 0xfd })
        // Each of the three dumps ends with NLMSG_DONE, sequences 1, 2 and 3.
        #expect(messages.filter { $0.payload == .done(code: 0) }.map(\.header.sequence) == [1, 2, 3])
    }

    @Test func syntheticLinkAddressRouteDoneAndError() throws {
        let datagram = S.datagram(
            S.link(5, "veth0", flags: S.up | S.running),
            S.address(5, [10, 1, 2, 3], prefix: 24),
            S.route(oif: 5, gateway: [10, 1, 2, 1]),
            S.route(dstLength: 8, oif: 5),
            S.done(sequence: 9),
            S.error(-13, sequence: 9),
            S.done(sequence: 10, code: -105),
            S.message(type: 3, body: []))  // a DONE without a status, as old kernels send
        let messages = try NetlinkParser.parse(datagram)
        #expect(messages.count == 8)
        guard case .link(let link) = messages[0].payload, case .address(let address) = messages[1].payload, case .route(let route) = messages[2].payload,
              case .route(let subnet) = messages[3].payload else {
            Issue.record("unexpected payloads \(messages.map(\.payload))")
            return
        }
        #expect(link.change == .new && link.index == 5 && link.flags == S.up | S.running && link.name == "veth0")
        #expect(address.address == [10, 1, 2, 3] && address.prefixLength == 24 && address.interfaceIndex == 5)
        #expect(route.isDefault && route.outputInterfaces == [5] && route.gateway == [10, 1, 2, 1])
        #expect(!subnet.isDefault)
        #expect(messages[4].payload == .done(code: 0) && messages[4].header.sequence == 9)
        #expect(messages[5].payload == .error(code: -13))
        #expect(messages[6].payload == .done(code: -105))
        #expect(messages[7].payload == .done(code: 0))
    }

    @Test func multipathRouteListsEveryNextHop() throws {
        var hops: [UInt8] = []
        for (index, gateway) in [(Int32(3), [UInt8]([10, 0, 0, 1])), (7, [10, 0, 1, 1])] {
            let attribute = S.attribute(5, gateway)
            S.put(UInt16(8 + attribute.count), &hops)
            hops += [0, 0]
            S.put(index, &hops)
            hops += attribute
        }
        let route = S.route(oif: nil, extra: S.attribute(9, hops))
        guard case .route(let decoded) = try NetlinkParser.parse(route).first?.payload else {
            Issue.record("no route decoded")
            return
        }
        #expect(decoded.outputInterfaces == [3, 7])
        #expect(decoded.gateway == [10, 0, 0, 1])
    }

    @Test func unknownTypesAreSkippedNotFatal() throws {
        let neighbour = S.message(type: 28, body: [UInt8](repeating: 0, count: 12))  // RTM_NEWNEIGH
        let messages = try NetlinkParser.parse(S.datagram(neighbour, S.link(1, "lo", flags: S.loopback)))
        #expect(messages.map(\.payload).first == .other)
        #expect(messages.count == 2)
    }

    @Test(arguments: [
        ("a header cut short", [UInt8]([40, 0, 0, 0, 16, 0])),
        ("nlmsg_len shorter than the header", S.message(type: 16, body: []).withLength(8)),
        ("nlmsg_len past the end", S.link(1, "lo", flags: 0).withLength(400)),
        ("a body shorter than ifinfomsg", S.message(type: 16, body: [0, 0, 0, 0])),
        ("a body shorter than rtmsg", S.message(type: 24, body: [2, 0, 0])),
        ("rta_len below 4", S.message(type: 16, body: [UInt8](repeating: 0, count: 16) + [2, 0, 3, 0])),
        ("rta_len past the message", S.message(type: 16, body: [UInt8](repeating: 0, count: 16) + [200, 0, 3, 0, 65, 0, 0, 0])),
        ("RTA_OIF of two bytes", S.message(type: 24, body: [UInt8](repeating: 0, count: 12) + S.attribute(4, [1, 0]))),
        ("an NLMSG_ERROR without its code", S.message(type: 2, body: [1])),
        ("a next hop shorter than rtnexthop", S.route(oif: nil, extra: S.attribute(9, [4, 0, 0, 0]))),
    ])
    func malformedInputThrowsAClearError(_ name: String, _ bytes: [UInt8]) {
        #expect {
            _ = try NetlinkParser.parse(bytes)
        } throws: { error in
            guard let error = error as? OfflineError else { return false }
            return error.code == .reachability && error.message.contains("malformed rtnetlink message") && error.message.contains("offset")
        }
    }

    /// Every prefix of every recorded datagram either parses or throws OfflineError: a
    /// truncated read never crashes. Then bytes are flipped at random (fixed seed).
    @Test func truncatedAndCorruptedRecordingsNeverCrash() {
        var generator = SplitMix(seed: 0x5EED)
        var thrown = 0
        for hex in RecordedNetlink.namespaceDump + RecordedNetlink.namespaceEvents.prefix(8) {
            let bytes = RecordedNetlink.bytes(hex)
            for length in stride(from: 0, through: bytes.count, by: 3) {
                do { _ = try NetlinkParser.parse(Array(bytes.prefix(length))) } catch { thrown += 1 }
            }
            for _ in 0..<200 {
                var corrupted = bytes
                for _ in 0..<3 { corrupted[Int(generator.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: generator.next()) }
                do { _ = try NetlinkParser.parse(corrupted) } catch { thrown += 1 }
            }
        }
        #expect(thrown > 0)  // cut headers and lengths were noticed, not read past
    }
}

extension Array where Element == UInt8 {
    /// The message with its nlmsg_len replaced.
    func withLength(_ length: UInt32) -> [UInt8] {
        var copy = self
        Swift.withUnsafeBytes(of: length) { for i in 0..<4 { copy[i] = $0[i] } }
        return copy
    }
}

/// A small deterministic generator (SplitMix64), so a failing corruption can be replayed.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
