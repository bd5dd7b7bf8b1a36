// InterfaceKind.swift: what kind of link an interface is (Wi-Fi, ethernet, cellular, loopback, other), from the facts sysfs gives about it.

/// The kind of link a ``NetworkInterface`` is, as AFNetworking's reachability tells Wi-Fi from
/// WWAN. Read from `/sys/class/net/<name>` (its link type, `DEVTYPE`, a `wireless/` folder, its driver).
public enum InterfaceKind: String, Sendable, Hashable, CaseIterable {
    /// 802.11 (`wireless/` or `phy80211` in sysfs, or `DEVTYPE=wlan`).
    case wifi
    /// Wired (or virtual) Ethernet: link type 1 (`ARPHRD_ETHER`) and no other kind.
    case ethernet
    /// A mobile broadband modem (`DEVTYPE=wwan`, a WWAN driver such as `qmi_wwan` or
    /// `cdc_mbim`, or link type 519, `ARPHRD_RAWIP`): metered, so ``NetworkPath/isExpensive``.
    case cellular
    /// The loopback interface.
    case loopback
    /// Anything else: a tunnel, PPP, a bridge, an interface sysfs says nothing about.
    case other

    /// The kind `facts` describe.
    static func classify(_ facts: InterfaceFacts) -> InterfaceKind {
        if facts.isLoopback || facts.linkType == 772 { return .loopback }
        if facts.hasWirelessFolder || facts.devType == "wlan" { return .wifi }
        if facts.devType == "wwan" || facts.linkType == 519 || facts.driver.map(InterfaceFacts.wwanDrivers.contains) == true {
            return .cellular
        }
        if facts.linkType == 1, facts.devType == nil { return .ethernet }
        return .other
    }
}

/// What sysfs says about one interface (`/sys/class/net/<name>`).
struct InterfaceFacts: Sendable, Hashable {
    /// `type`: the link type (`ARPHRD_*`: 1 Ethernet, 519 raw IP, 772 loopback).
    var linkType: Int?
    /// `DEVTYPE` in `uevent` (`wlan`, `wwan`, `bridge`, `vlan`…); `nil` when absent.
    var devType: String?
    /// Whether `wireless/` or `phy80211` exists.
    var hasWirelessFolder = false
    /// The name of the driver behind `device/driver`.
    var driver: String?
    /// The netlink loopback flag.
    var isLoopback = false

    /// Drivers of mobile broadband modems that show up as Ethernet-like links.
    static let wwanDrivers: Set<String> = ["qmi_wwan", "cdc_mbim", "huawei_cdc_ncm", "sierra_net", "mhi_net", "ipheth", "rmnet"]
}
