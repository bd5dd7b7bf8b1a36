// ReachabilityArticleTests.swift: the reachability example of the DocC article "Working offline", run as written against a loopback listener.
import Dispatch
import ProtoHTTPOffline
import Testing

@Suite("Article: working offline, reachability") struct ReachabilityArticleTests {
    /// The article's example, as written; `apiPort` is a listener the test owns.
    func example(apiPort: UInt16) async throws -> (NetworkMonitor, ReachabilityObservation) {
        // Watch the network, and probe the API server so "reachable" means it answers.
        let monitor = NetworkMonitor(probe: ServerProbe(host: "127.0.0.1", port: apiPort, timeout: .seconds(2)))
        try monitor.start()
        print(monitor.currentPath)  // satisfied via eth0 (default route, server does not answer)

        // 1. A callback on a queue you pick, for every change; keep the token.
        let token = monitor.onChange(on: DispatchQueue(label: "app.network")) { path in
            print("network:", path.status, path.interfaces, path.serverReachable.map { $0 ? "server answers" : "server silent" } ?? "")
        }

        // 2. An AsyncStream: the current path first, then each change; it finishes on stop().
        for await path in monitor.updates where path.serverReachable == true {
            print("the server answers; default route:", path.hasDefaultRoute)
            break
        }

        // 3. Properties, and a probe on demand (its answer arrives as a change).
        if !monitor.isReachable { monitor.probeServer() }
        // What kind of link the way out is (AFNetworking's Wi-Fi / WWAN), and whether it is metered.
        for interface in monitor.currentPath.allInterfaces where interface.isUsable { print(interface.name, interface.kind) }   // eth0 ethernet
        let bulkSyncAllowed = !monitor.currentPath.isExpensive      // false only when every way out is cellular
        // Not known yet (before start, or a probe not answered) is neither reachable nor unreachable.
        switch monitor.reachability {
        case .reachable: print("online")
        case .unreachable: print("offline")   // show the offline banner
        case .unknown: print("checking")      // AFNetworking's Unknown: not offline
        }

        #expect(bulkSyncAllowed || monitor.currentPath.routedKinds.allSatisfy { $0 == .cellular })
        return (monitor, token)
    }

    @Test func exampleRuns() async throws {
        let listener = try #require(LoopbackListener())
        let (monitor, token) = try await example(apiPort: listener.port)
        #expect(monitor.currentPath.serverReachable == true)
        #expect(monitor.isReachable == (monitor.currentStatus == .satisfied))
        token.cancel()
        monitor.stop()
        #expect(!monitor.isRunning)
    }
}
