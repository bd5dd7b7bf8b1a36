// NetworkNamespaceTests.swift: the monitor watching a namespace the test makes (ip netns + veth): link down/up and carrier loss arrive as events.
import ProtoHTTPOffline
import Testing
import ProtoHTTPTestSupport

@Suite struct NetworkNamespaceTests {
    @Test(.enabled(if: NetworkNamespaceSandbox.unavailableReason == nil, "needs root, iproute2 and permission to create network namespaces"))
    func linkDownAndUpArriveAsEvents() async throws {
        let sandbox = try NetworkNamespaceSandbox()
        defer { sandbox.remove() }
        let monitor = NetworkMonitor(configuration: .init(networkNamespace: sandbox.name))
        try monitor.start()
        defer { monitor.stop() }

        // The namespace's picture, not this process's.
        let initial = monitor.currentPath
        #expect(initial.status == .satisfied, "\(initial)")
        #expect(initial.interfaces == [sandbox.inside])
        #expect(Set(initial.allInterfaces.map(\.name)) == ["lo", sandbox.inside])
        #expect(initial.defaultRoutes.map(\.gateway) == [sandbox.gateway])

        let recorder = PathRecorder()
        let token = monitor.onChange { recorder.append($0) }
        defer { token.cancel() }
        let stream = monitor.updates
        let streamed = Task {
            var statuses: [NetworkPath.Status] = []
            for await path in stream where path.status != statuses.last { statuses.append(path.status) }
            return statuses
        }

        // Administratively down: unsatisfied, no usable interface.
        var started = ContinuousClock.now
        try sandbox.inNamespace("link", "set", sandbox.inside, "down")
        #expect(await waitUntil { recorder.last?.status == .unsatisfied })
        let downLatency = ContinuousClock.now - started
        #expect(monitor.currentPath.interfaces.isEmpty)
        #expect(!monitor.isReachable)

        // Up again: the kernel flushed the IPv4 default route, so it comes back only with the route.
        try sandbox.inNamespace("link", "set", sandbox.inside, "up")
        #expect(await waitUntil { monitor.currentPath.interfaces == [sandbox.inside] })
        #expect(monitor.currentPath.status == .unsatisfied && !monitor.currentPath.hasDefaultRoute)
        started = ContinuousClock.now
        try sandbox.inNamespace("route", "add", "default", "via", sandbox.gateway)
        #expect(await waitUntil { recorder.last?.status == .satisfied })
        let upLatency = ContinuousClock.now - started

        // Carrier lost (the outside end goes down; the inside one stays up but not running).
        try sandbox.ip("link", "set", sandbox.outside, "down")
        #expect(await waitUntil { recorder.last?.status == .unsatisfied })
        #expect(monitor.currentPath.allInterfaces.first { $0.name == sandbox.inside }.map { $0.isUp && !$0.isRunning } == true)
        try sandbox.ip("link", "set", sandbox.outside, "up")
        #expect(await waitUntil { recorder.last?.status == .satisfied })

        // Address deleted: the kernel drops the default route with it without an RTM_DELROUTE;
        // the monitor's dump must notice, so adding the address back is not enough.
        try sandbox.inNamespace("addr", "del", sandbox.address, "dev", sandbox.inside)
        #expect(await waitUntil { recorder.last?.status == .unsatisfied })
        try sandbox.inNamespace("addr", "add", sandbox.address, "dev", sandbox.inside)
        #expect(await waitUntil { monitor.currentPath.allInterfaces.contains { $0.addresses.map(\.description).contains(sandbox.address) } })
        #expect(!monitor.currentPath.hasDefaultRoute && monitor.currentStatus == .unsatisfied, "\(monitor.currentPath)")
        try sandbox.inNamespace("route", "add", "default", "via", sandbox.gateway)
        #expect(await waitUntil { recorder.last?.status == .satisfied })

        monitor.stop()
        #expect(await streamed.value == [.satisfied, .unsatisfied, .satisfied, .unsatisfied, .satisfied, .unsatisfied, .satisfied])
        print("NetworkNamespaceTests: link down seen after \(downLatency), default route after \(upLatency)")
    }

    /// A socket buffer shrunk to the kernel's minimum, the monitor thread paused, and a burst of
    /// 250 address additions (each also adds a local route): the kernel drops events (ENOBUFS),
    /// and the monitor must dump again and end with every address.
    @Test(.enabled(if: NetworkNamespaceSandbox.unavailableReason == nil, "needs root, iproute2 and permission to create network namespaces"))
    func overrunIsRepairedByDumpingAgain() async throws {
        let sandbox = try NetworkNamespaceSandbox()
        defer { sandbox.remove() }
        var configuration = NetworkMonitor.Configuration(networkNamespace: sandbox.name)
        configuration.receiveBufferSize = 1
        let monitor = NetworkMonitor(configuration: configuration)
        try monitor.start()
        defer { monitor.stop() }
        #expect(monitor.completedDumps == 1)

        let count = 250
        monitor.pauseForTesting(.milliseconds(300))
        try sandbox.batchInNamespace((0..<count).map { "address add 10.232.\($0 / 200).\($0 % 200 + 1)/32 dev \(sandbox.inside)" })
        func addressCount() -> Int {
            monitor.currentPath.allInterfaces.first { $0.name == sandbox.inside }?.addresses.filter { $0.family == .ipv4 }.count ?? 0
        }
        #expect(await waitUntil { addressCount() == count + 1 }, "the monitor shows \(addressCount()) of \(count + 1) addresses")
        #expect(monitor.completedDumps >= 2, "no overrun was provoked (failure: \(String(describing: monitor.failure)))")
        #expect(monitor.failure == nil)
        print("NetworkNamespaceTests: \(count) additions in a burst; \(monitor.completedDumps - 1) dump(s) after overruns")
    }
}
