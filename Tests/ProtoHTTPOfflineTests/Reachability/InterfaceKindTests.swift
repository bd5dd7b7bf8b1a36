// InterfaceKindTests.swift: each interface's kind from sysfs (a fake tree, then this machine's), and what the path says of the way out.
import Foundation
import Testing
@testable import ProtoHTTPOffline

@Suite("Interface kinds")
struct InterfaceKindTests {
    /// A fake `/sys/class/net` with one folder per interface.
    private func fakeSysfs(_ body: (String) throws -> Void) throws {
        let root = NSTemporaryDirectory() + "sysfs-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: root) }
        func link(_ name: String, type: Int, uevent: String = "", folders: [String] = [], driver: String? = nil) throws {
            let folder = root + "/" + name
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try "\(type)\n".write(toFile: folder + "/type", atomically: true, encoding: .utf8)
            try "INTERFACE=\(name)\n\(uevent)".write(toFile: folder + "/uevent", atomically: true, encoding: .utf8)
            for sub in folders { try FileManager.default.createDirectory(atPath: folder + "/" + sub, withIntermediateDirectories: true) }
            if let driver {
                let drivers = root + "/../drivers-" + name + "/" + driver
                try FileManager.default.createDirectory(atPath: drivers, withIntermediateDirectories: true)
                try FileManager.default.createDirectory(atPath: folder + "/device", withIntermediateDirectories: true)
                try FileManager.default.createSymbolicLink(atPath: folder + "/device/driver", withDestinationPath: drivers)
            }
        }
        try link("lo", type: 772)
        try link("eth0", type: 1)
        try link("wlan0", type: 1, uevent: "DEVTYPE=wlan\n", folders: ["wireless"])
        try link("wlp2s0", type: 1, folders: ["phy80211"])
        try link("wwan0", type: 519, uevent: "DEVTYPE=wwan\n")
        try link("usb0", type: 1, driver: "qmi_wwan")
        try link("br0", type: 1, uevent: "DEVTYPE=bridge\n")
        try link("tun0", type: 65534)
        try body(root)
    }

    @Test("sysfs tells Wi-Fi, ethernet, cellular, loopback and the rest; an unknown or escaping name is other")
    func classification() throws {
        try fakeSysfs { root in
            let kinds = InterfaceKindReader(root: root).kinds(of: ["lo", "eth0", "wlan0", "wlp2s0", "wwan0", "usb0", "br0", "tun0", "gone0", "../eth0"])
            #expect(kinds == ["lo": .loopback, "eth0": .ethernet, "wlan0": .wifi, "wlp2s0": .wifi, "wwan0": .cellular, "usb0": .cellular,
                              "br0": .other, "tun0": .other, "gone0": .other, "../eth0": .other])
        }
    }

    @Test("the path's routed kinds and isExpensive: expensive only when every way out is cellular")
    func expensive() {
        func interface(_ index: Int, _ name: String, _ kind: InterfaceKind) -> NetworkInterface {
            NetworkInterface(index: index, name: name, isUp: true, isRunning: true, isLoopback: false,
                             addresses: [InterfaceAddress(family: .ipv4, address: "192.0.2.\(index)", prefixLength: 24, isRoutable: true)], kind: kind)
        }
        func path(_ interfaces: [NetworkInterface], routedThrough names: [String]) -> NetworkPath {
            NetworkPath(status: .satisfied, interfaces: interfaces.map(\.name), hasDefaultRoute: true, serverReachable: nil, allInterfaces: interfaces,
                        defaultRoutes: names.map { DefaultRoute(family: .ipv4, interfaceNames: [$0], gateway: "192.0.2.254", table: 254) })
        }
        let wifi = interface(2, "wlan0", .wifi), modem = interface(3, "wwan0", .cellular)
        #expect(path([wifi, modem], routedThrough: ["wwan0"]).isExpensive)
        #expect(path([wifi, modem], routedThrough: ["wwan0"]).routedKinds == [.cellular])
        #expect(!path([wifi, modem], routedThrough: ["wlan0", "wwan0"]).isExpensive)
        #expect(path([wifi, modem], routedThrough: ["wlan0", "wwan0"]).routedKinds == [.wifi, .cellular])
        #expect(!NetworkPath.unknown.isExpensive && NetworkPath.unknown.routedKinds.isEmpty)
    }

    @Test("the monitor on this machine reports each interface with the kind sysfs gives it")
    func thisMachine() throws {
        let monitor = NetworkMonitor(probe: nil)
        try monitor.start()
        defer { monitor.stop() }
        let path = monitor.currentPath
        let expected = InterfaceKindReader().kinds(of: path.allInterfaces.map(\.name))
        #expect(path.allInterfaces.contains { $0.name == "lo" && $0.kind == .loopback })
        for interface in path.allInterfaces {
            #expect(interface.kind == expected[interface.name], "\(interface.name)")
        }
    }
}
