// NetworkNamespaceSandbox.swift: a network namespace with one end of a veth pair, made by the test with iproute2 and always removed.
#if canImport(Glibc)
import Glibc
#endif
import ProtoHTTPTestSupport
import Synchronization

/// `ip netns add NAME`, a veth pair whose inside end is moved into it with an address and a
/// default route, both ends up. Nothing leaves the machine: the outside end has no address,
/// and the addresses are only those of the namespace's own link.
final class NetworkNamespaceSandbox: Sendable {
    /// Why namespaces cannot be made here (not root, no `ip`, `ip netns add` refused), or nil.
    /// Worked out once, printed when not nil.
    static let unavailableReason: String? = {
        let reason = findUnavailableReason()
        if let reason { print("NetworkNamespaceSandbox: namespace tests skipped: \(reason)") }
        return reason
    }()

    static let ipTool: String? = ["/usr/sbin/ip", "/sbin/ip", "/usr/bin/ip", "/bin/ip"].first { access($0, X_OK) == 0 }
    private static let serial = Atomic<Int>(0)

    /// The namespace's name (as `NetworkMonitor.Configuration.networkNamespace` takes it).
    let name: String
    /// The veth end inside the namespace.
    let inside: String
    /// The veth end left in this process's namespace (its "cable"; down means no carrier inside).
    let outside: String
    /// The default route's gateway inside the namespace.
    let gateway = "10.231.7.1"
    /// The inside end's address.
    let address = "10.231.7.2/24"

    /// Makes the namespace and the veth pair; removes whatever it made if a step fails.
    init() throws {
        let id = "\(getpid() % 100_000)x\(Self.serial.wrappingAdd(1, ordering: .relaxed).newValue)"
        name = "protohttp-reach-\(id)"
        inside = "phi\(id)"
        outside = "pho\(id)"
        do {
            try ip("netns", "add", name)
            try ip("link", "add", outside, "type", "veth", "peer", "name", inside)
            try ip("link", "set", inside, "netns", name)
            try ip("link", "set", outside, "up")
            try inNamespace("link", "set", "lo", "up")
            try inNamespace("addr", "add", address, "dev", inside)
            try inNamespace("link", "set", inside, "up")
            try inNamespace("route", "add", "default", "via", gateway)
        } catch {
            remove()
            throw error
        }
    }

    /// Runs `ip ARGS` in this process's namespace.
    func ip(_ arguments: String...) throws { try Self.run(arguments) }

    /// Runs `ip ARGS` inside the namespace (`ip netns exec NAME ip ARGS`).
    func inNamespace(_ arguments: String...) throws {
        try Self.run(["netns", "exec", name, Self.ipTool ?? "ip"] + arguments)
    }

    /// Runs every line of `commands` (`ip` subcommands) inside the namespace in one `ip -batch`
    /// process, so the kernel emits their events as fast as it can.
    func batchInNamespace(_ commands: [String]) throws {
        try Self.run(["-n", name, "-batch", "-"], input: Array(commands.joined(separator: "\n").utf8) + [10])
    }

    /// Deletes the veth pair and the namespace (errors ignored: whatever exists goes).
    func remove() {
        _ = try? Self.run(["link", "del", outside])
        _ = try? Self.run(["netns", "del", name])
    }

    private static func run(_ arguments: [String], input: [UInt8]? = nil) throws {
        guard let ipTool else { throw ChildProcess.Failure("ip (iproute2) is not installed") }
        guard let done = try ChildProcess.run(ipTool, arguments, input: input, timeout: .seconds(10)) else {
            throw ChildProcess.Failure("ip \(arguments.joined(separator: " ")) did not finish within 10 s")
        }
        guard done.exit.succeeded else {
            throw ChildProcess.Failure("ip \(arguments.joined(separator: " ")) failed (\(done.exit)): \(done.stderr)")
        }
    }

    private static func findUnavailableReason() -> String? {
        guard getuid() == 0 else { return "not root (creating network namespaces needs CAP_SYS_ADMIN)" }
        guard ipTool != nil else { return "ip (Debian package iproute2) is not installed" }
        let probe = "protohttp-reach-check-\(getpid())"
        do {
            try run(["netns", "add", probe])
        } catch {
            return "ip netns add is not permitted here: \(error)"
        }
        _ = try? run(["netns", "del", probe])
        return nil
    }
}
