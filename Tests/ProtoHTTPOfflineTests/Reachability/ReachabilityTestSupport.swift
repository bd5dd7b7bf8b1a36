// ReachabilityTestSupport.swift: small helpers for the monitor tests: waiting for a condition, recording paths, counting descriptors and threads.
#if canImport(Glibc)
import Glibc
#endif
import Foundation
import ProtoHTTPOffline
import Synchronization

/// Collects the paths a monitor delivers to an `onChange` handler.
final class PathRecorder: Sendable {
    private let paths = Mutex<[NetworkPath]>([])
    func append(_ path: NetworkPath) { paths.withLock { $0.append(path) } }
    var all: [NetworkPath] { paths.withLock { $0 } }
    var last: NetworkPath? { all.last }
}

/// Collects values (such as `observeReachability`'s) in order.
final class ValueRecorder<Value: Sendable>: Sendable {
    private let values = Mutex<[Value]>([])
    func append(_ value: Value) { values.withLock { $0.append(value) } }
    var all: [Value] { values.withLock { $0 } }
}

/// The entries of /proc/self/fd.
func openDescriptorCount() -> Int {
    guard let directory = opendir("/proc/self/fd") else { return -1 }
    defer { closedir(directory) }
    var count = 0
    while readdir(directory) != nil { count += 1 }
    return count - 3  // ".", ".." and the directory's own descriptor
}

/// This process's descriptors of the kinds a ``NetworkMonitor`` opens: eventfds and netlink
/// sockets. Unlike ``openDescriptorCount()`` it does not move with the TCP connections and
/// pipes of the suites running beside a test, so a leak per start/stop cycle stands out.
func monitorKindDescriptorCount() -> Int {
    // Netlink sockets are known by inode: /proc/self/net/netlink lists them, inode last.
    let netlink = (try? String(contentsOfFile: "/proc/self/net/netlink", encoding: .utf8)) ?? ""
    let netlinkInodes = Set(netlink.split(separator: "\n").dropFirst().compactMap { $0.split(separator: " ").last.map(String.init) })
    guard let directory = opendir("/proc/self/fd") else { return -1 }
    defer { closedir(directory) }
    var count = 0
    var target = [CChar](repeating: 0, count: 256)
    while let entry = readdir(directory) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        guard name.first?.isNumber == true else { continue }
        let length = readlink("/proc/self/fd/\(name)", &target, target.count - 1)
        guard length > 0 else { continue }
        let link = String(decoding: target[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if link == "anon_inode:[eventfd]" {
            count += 1
        } else if link.hasPrefix("socket:["), netlinkInodes.contains(String(link.dropFirst(8).dropLast())) {
            count += 1
        }
    }
    return count
}

/// The names (`comm`) of this process's threads.
func threadNames() -> [String] {
    guard let directory = opendir("/proc/self/task") else { return [] }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
        let id = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        guard id.first?.isNumber == true else { continue }
        let fd = open("/proc/self/task/\(id)/comm", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { continue }
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        close(fd)
        if count > 0 { names.append(String(decoding: buffer[..<count], as: UTF8.self).trimmingNewline) }
    }
    return names
}

extension String {
    fileprivate var trimmingNewline: String { hasSuffix("\n") ? String(dropLast()) : self }
}
