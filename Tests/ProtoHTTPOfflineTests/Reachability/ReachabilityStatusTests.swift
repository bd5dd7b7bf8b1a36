// ReachabilityStatusTests.swift: NetworkPath's three-way reachability: unknown (not yet looked, probe not answered) is neither reachable nor unreachable.
import ProtoHTTPOffline
import Testing

@Suite("Reachability: unknown, unreachable, reachable")
struct ReachabilityStatusTests {
    func path(_ status: NetworkPath.Status, probe: Bool, answered: Bool?) -> NetworkPath {
        var path = NetworkPath(status: status, interfaces: status == .satisfied ? ["eth0"] : [], hasDefaultRoute: status == .satisfied,
                               serverReachable: answered)
        path.hasServerProbe = probe
        return path
    }

    @Test("each status and probe answer gives one verdict; unknown is neither isReachable nor isUnreachable")
    func verdicts() {
        let cases: [(NetworkPath, NetworkPath.Reachability)] = [
            (NetworkPath.unknown, .unknown),
            (path(.unknown, probe: true, answered: nil), .unknown),
            (path(.unsatisfied, probe: false, answered: nil), .unreachable),
            (path(.unsatisfied, probe: true, answered: nil), .unreachable),
            (path(.satisfied, probe: false, answered: nil), .reachable),
            (path(.satisfied, probe: true, answered: nil), .unknown),
            (path(.satisfied, probe: true, answered: true), .reachable),
            (path(.satisfied, probe: true, answered: false), .unreachable),
        ]
        for (path, expected) in cases {
            #expect(path.reachability == expected, "\(path)")
            #expect(path.isReachable == (expected == .reachable) && path.isUnreachable == (expected == .unreachable), "\(path)")
        }
        #expect(path(.satisfied, probe: true, answered: nil).description.contains("server not probed yet"))
    }

    @Test("a monitor that has not started reports unknown, not unreachable")
    func monitorBeforeStart() {
        let monitor = NetworkMonitor()
        #expect(monitor.currentStatus == .unknown && monitor.reachability == .unknown)
        #expect(!monitor.isReachable && !monitor.isUnreachable)
    }
}
