// MonitorLoop.swift: the monitor thread's event loop: dump, then follow rtnetlink events (and probe connects) in one poll(), with no timer.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Runs on the monitor thread and owns everything that thread touches.
///
/// ```
/// start ─► [enter namespace] ─► socket+bind(groups) ─► dump links ─► addresses ─► routes
///                                                                               │ DONE
///   ┌──────────────────────────── poll(netlink fd, wake fd, probe fd?) ◄────────┘
///   ├─ netlink: recv until EAGAIN ─► parse ─► dump replies → staging, events → state
///   │           ENOBUFS / truncated / malformed ─► dump again (events kept meanwhile)
///   │           link down or gone, IPv4 address deleted ─► dump again (silent route flushes)
///   ├─ probe socket writable or its deadline ─► serverReachable
///   ├─ wake fd: stop ─► close everything, return │ probe ─► new probe
///   └─ path changed? ─► probe again (if configured) and publish
/// ```
///
/// `poll` waits with no timeout unless a probe is in flight (then until its deadline): the
/// monitor wakes only for the kernel's events, a command, or a probe.
final class MonitorLoop {
    /// A dump in progress: which of the three requests, its sequence number, and whether the
    /// kernel flagged it as interrupted (its result may be inconsistent).
    private struct Dump {
        var stage: Int
        var sequence: UInt32
        var interrupted = false
        var staging = NetworkState()
    }

    private let hub: MonitorHub
    private let control: MonitorControl
    private let probeTarget: ServerProbe?
    private let receiveBufferSize: Int32
    private var socket: NetlinkSocket?
    private var state = NetworkState()
    /// Tells each interface's kind from sysfs.
    private let kindReader = InterfaceKindReader()
    private var dump: Dump?
    /// A dump is needed (an overrun, an unreadable datagram, a dump cut short); it starts once
    /// the socket is drained, since a dump request made while the receive buffer is still full
    /// is refused with ENOBUFS, and a socket runs one dump at a time.
    private var dumpAgain = false
    private var refusedDumps = 0
    private var nextSequence: UInt32 = 1
    /// A dump has completed, so `state` is a full picture.
    private var haveDumped = false
    /// Start-up was reported to `start()`.
    private var startedUp = false
    private var failedDatagrams = 0
    private var probe: TCPConnectAttempt?
    private var serverReachable: Bool?
    private var lastNetworkPath: NetworkPath?

    /// At most this many unreadable datagrams in a row before the monitor gives up.
    private static let failedDatagramLimit = 8
    /// At most this many dumps refused in a row (ENOBUFS, EBUSY, EINTR) before it gives up.
    private static let refusedDumpLimit = 8

    init(hub: MonitorHub, control: MonitorControl, probe: ServerProbe?, receiveBufferSize: Int32) {
        self.hub = hub
        self.control = control
        self.probeTarget = probe
        self.receiveBufferSize = receiveBufferSize
        self.serverReachable = nil  // no probe, or not answered yet
    }

    /// Opens the socket (inside `namespace` if given), reports start-up through `gate`, and runs
    /// until stopped or a fatal error; every descriptor it opened is closed when it returns.
    func run(namespace: String?, gate: StartupGate) {
        do throws(OfflineError) {
            if let namespace { try Self.enter(namespace: namespace) }
            socket = try NetlinkSocket(groups: RTNetlink.Group.monitored, receiveBufferSize: receiveBufferSize)
            try beginDump()
            try loop(gate: gate)
        } catch {
            if startedUp { hub.record(failure: error) }
            gate.report(.failure(error))
        }
        probe = nil
        socket = nil
        if startedUp, hub.failure != nil { hub.finishStreams() }
    }

    private static func enter(namespace: String) throws(OfflineError) {
        let path = namespace.contains("/") ? namespace : "/var/run/netns/\(namespace)"
        if let error = LinuxCalls.enterNetworkNamespace(path: path) {
            throw OfflineError(.reachability, "the network monitor could not enter the network namespace \(path) (\(error)); check that it exists (ip netns list) and that the process has CAP_SYS_ADMIN (run as root), or leave networkNamespace nil to watch the process's own namespace.", underlying: error)
        }
    }

    private func loop(gate: StartupGate) throws(OfflineError) {
        guard let socket else { return }
        while true {
            var descriptors = [pollfd(fd: socket.fd, events: Int16(POLLIN), revents: 0), pollfd(fd: control.wake.fd, events: Int16(POLLIN), revents: 0)]
            if let probe, probe.fd >= 0 { descriptors.append(pollfd(fd: probe.fd, events: Int16(POLLOUT), revents: 0)) }
            let timeout = probe?.millisecondsLeft() ?? -1
            let ready = poll(&descriptors, nfds_t(descriptors.count), timeout)
            if ready < 0 {
                if errno == EINTR { continue }
                let error = SystemError(call: "poll", code: errno)
                throw OfflineError(.reachability, "the network monitor's poll failed (\(error)); start the monitor again.", underlying: error)
            }
            if descriptors[1].revents != 0 {
                control.wake.drain()
                let commands = control.take()
                if commands.stop { return }
                if commands.probe { startProbe() }
                if let pause = commands.pause {
                    let (seconds, attoseconds) = pause.components
                    usleep(UInt32(clamping: seconds * 1_000_000 + attoseconds / 1_000_000_000_000))
                }
            }
            if descriptors[0].revents != 0 { try receiveAll() }
            if let probe {
                if descriptors.count > 2, descriptors[2].revents != 0 { probe.socketIsReady() } else { probe.checkDeadline() }
                if probe.progress != .pending {
                    serverReachable = probe.progress == .connected
                    self.probe = nil
                }
            }
            if !startedUp, haveDumped {
                startedUp = true
                publishIfChanged()  // before start() returns, so currentPath is the dump's picture
                gate.report(.success(()))
            }
            publishIfChanged()
        }
    }

    /// Reads every queued datagram.
    private func receiveAll() throws(OfflineError) {
        guard let socket else { return }
        while true {
            switch try socket.receive() {
            case .wouldBlock:
                if dumpAgain, dump == nil { try beginDump() }
                return
            case .overrun, .truncated: dumpAgain = true
            case .datagram(let bytes):
                let messages: [NetlinkMessage]
                do throws(OfflineError) {
                    messages = try NetlinkParser.parse(bytes)
                } catch {
                    // Whatever it held is lost: rebuild the state from a fresh dump.
                    failedDatagrams += 1
                    guard failedDatagrams <= Self.failedDatagramLimit else { throw error }
                    dumpAgain = true
                    continue
                }
                failedDatagrams = 0
                try handle(messages, ourPort: socket.portID)
            }
        }
    }

    private func handle(_ messages: [NetlinkMessage], ourPort: UInt32) throws(OfflineError) {
        for message in messages {
            if var current = dump, message.header.portID == ourPort, message.header.sequence == current.sequence {
                if message.header.flags & RTNetlink.Flag.dumpInterrupted != 0 { current.interrupted = true }
                switch message.payload {
                case .done(let code):
                    if code != 0 { current.interrupted = true }
                    dump = current
                    try advanceDump()
                case .error(let code) where code != 0:
                    let error = SystemError(call: "rtnetlink dump", code: -code)
                    refusedDumps += 1
                    guard [ENOBUFS, EBUSY, EINTR].contains(-code), refusedDumps <= Self.refusedDumpLimit else {
                        throw OfflineError(.reachability, "the kernel refused the network monitor's dump request (\(error)); check that the process may read routing information.", underlying: error)
                    }
                    dump = nil  // the request was refused before any reply: ask again once drained
                    dumpAgain = true
                default:
                    current.staging.apply(message)
                    dump = current
                }
            } else {
                if case .overrun = message.payload { dumpAgain = true }
                // Routes the kernel removed without a message are learnt from a fresh dump.
                if state.apply(message) { dumpAgain = true }
                dump?.staging.apply(message)
            }
        }
    }

    private func beginDump() throws(OfflineError) {
        dump = Dump(stage: 0, sequence: takeSequence())
        dumpAgain = false
        try sendDumpRequest()
    }

    private func advanceDump() throws(OfflineError) {
        guard var current = dump else { return }
        current.stage += 1
        if current.stage < NetlinkRequest.dumpTypes.count {
            current.sequence = takeSequence()
            dump = current
            try sendDumpRequest()
        } else if current.interrupted || dumpAgain {
            dump = nil
            dumpAgain = true  // events were lost meanwhile, or the kernel flagged it: again, once drained
        } else {
            state = current.staging
            dump = nil
            refusedDumps = 0
            haveDumped = true
            hub.countDump()
        }
    }

    private func sendDumpRequest() throws(OfflineError) {
        guard let socket, let dump else { return }
        try socket.sendRequest(NetlinkRequest.dump(NetlinkRequest.dumpTypes[dump.stage], sequence: dump.sequence))
    }

    private func takeSequence() -> UInt32 {
        defer { nextSequence &+= 1 }
        return nextSequence
    }

    /// Starts a probe (replacing one in flight), if the monitor has a probe.
    private func startProbe() {
        guard let probeTarget else { return }
        let attempt = TCPConnectAttempt(probe: probeTarget)
        if attempt.progress == .pending {
            probe = attempt
        } else {
            probe = nil
            serverReachable = attempt.progress == .connected
        }
    }

    /// Publishes the path if it changed; a changed network (not only the probe's answer)
    /// starts a new probe first.
    private func publishIfChanged() {
        guard startedUp, dump == nil else { return }
        let network = state.path(serverReachable: nil, kinds: kindReader.kinds(of: state.links.values.map(\.name)))
        if network != lastNetworkPath {
            lastNetworkPath = network
            startProbe()
        }
        var path = network
        path.serverReachable = serverReachable
        path.hasServerProbe = probeTarget != nil
        hub.publish(path)
    }
}
