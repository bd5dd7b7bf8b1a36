// ServerProbeTests.swift: the TCP probe against real loopback sockets: a listener answers, a closed port does not, a full backlog times out.
#if canImport(Glibc)
import Glibc
#endif
import ProtoHTTPOffline
import ProtoHTTPTestSupport
import Testing

@Suite struct ServerProbeTests {
    @Test func listeningPortAnswers() throws {
        let listener = try #require(LoopbackListener())
        let start = ContinuousClock.now
        #expect(ServerProbe(host: "127.0.0.1", port: listener.port, timeout: .seconds(3600)).check())
        #expect(ContinuousClock.now - start < hangGuard, "a hang guard: answered, not timed out")
    }

    @Test func closedPortDoesNotAnswer() throws {
        let port = UInt16(try closedLoopbackPort())
        let start = ContinuousClock.now
        #expect(!ServerProbe(host: "127.0.0.1", port: port, timeout: .seconds(3600)).check())
        #expect(ContinuousClock.now - start < hangGuard, "a hang guard: refused at once, no waiting for the hour-long timeout")
    }

    @Test func hostNamesAreResolved() throws {
        let listener = try #require(LoopbackListener())
        #expect(ServerProbe(host: "localhost", port: listener.port, timeout: .seconds(2)).check())
    }

    /// A listener that never accepts, its backlog full: the kernel drops further SYNs, so the
    /// probe gets no answer and must give up at its timeout.
    @Test func silentServerTimesOut() throws {
        let listener = try #require(LoopbackListener(backlog: 0))
        var fillers: [Int32] = []
        defer { fillers.forEach { close($0) } }
        for _ in 0..<4 {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = listener.port.bigEndian
            _ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
            fillers.append(fd)
        }
        // The first filler's handshake completes (the backlog's one slot): wait for it, so the
        // backlog is known to be full before the probe.
        var first = pollfd(fd: fillers[0], events: Int16(POLLOUT), revents: 0)
        #expect(poll(&first, 1, 60_000) == 1, "the first filler connected")
        let start = ContinuousClock.now
        let answered = ServerProbe(host: "127.0.0.1", port: listener.port, timeout: .milliseconds(400)).check()
        let elapsed = ContinuousClock.now - start
        #expect(!answered)
        // The probe's timeout is the kernel's poll: the upper bound is a hang guard, ten times it.
        #expect(elapsed >= .milliseconds(390) && elapsed < .seconds(4), "took \(elapsed): not the probe's 400 ms timeout")
    }
}
