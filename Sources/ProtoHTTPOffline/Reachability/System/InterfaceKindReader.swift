// InterfaceKindReader.swift: reads /sys/class/net/<name> to tell each interface's kind.
import Foundation

/// Reads the kind of each interface from sysfs (`/sys/class/net`, or another root in tests).
/// An interface sysfs does not list (another network namespace's, say) is ``InterfaceKind/other``.
struct InterfaceKindReader: Sendable {
    /// The folder holding one folder per interface.
    let root: String

    /// A reader of `root` (default: the machine's `/sys/class/net`).
    init(root: String = "/sys/class/net") { self.root = root }

    /// The kind of each interface in `names`.
    func kinds(of names: some Sequence<String>) -> [String: InterfaceKind] {
        var kinds: [String: InterfaceKind] = [:]
        for name in names { kinds[name] = InterfaceKind.classify(facts(of: name)) }
        return kinds
    }

    /// What sysfs says about `name`; empty facts when it has no folder there.
    func facts(of name: String) -> InterfaceFacts {
        // A name with a slash or a dot-dot would leave the root: it names no interface.
        guard !name.isEmpty, !name.contains("/"), name != ".", name != ".." else { return InterfaceFacts() }
        let folder = root + "/" + name
        let files = FileManager.default
        var facts = InterfaceFacts()
        facts.linkType = read(folder + "/type").flatMap { Int($0) }
        facts.devType = read(folder + "/uevent")?.split(separator: "\n")
            .first { $0.hasPrefix("DEVTYPE=") }.map { String($0.dropFirst("DEVTYPE=".count)) }
        facts.hasWirelessFolder = files.fileExists(atPath: folder + "/wireless") || files.fileExists(atPath: folder + "/phy80211")
        if let driver = try? files.destinationOfSymbolicLink(atPath: folder + "/device/driver") {
            facts.driver = driver.split(separator: "/").last.map(String.init)
        }
        return facts
    }

    /// A small text file's content, trimmed; `nil` when it cannot be read.
    private func read(_ path: String) -> String? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
