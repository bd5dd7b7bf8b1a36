// WakeSignal.swift: an eventfd that other threads write to wake the monitor thread out of poll().
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The monitor thread polls this descriptor beside its netlink socket; ``signal()`` makes it
/// readable, ``drain()`` resets it. The descriptor is close-on-exec and closed on deinit, so it
/// lives exactly as long as the last thread that may write to it holds the object.
final class WakeSignal: Sendable {
    /// The eventfd.
    let fd: Int32

    /// A new eventfd.
    init() throws(OfflineError) {
        switch LinuxCalls.eventFD() {
        case .success(let fd): self.fd = fd
        case .failure(let error):
            throw OfflineError(.reachability, "the network monitor could not create its wake-up descriptor (\(error)); the process may have run out of file descriptors (ulimit -n).", underlying: error)
        }
    }

    /// Wakes the poller (adds 1 to the counter; a full counter is already a wake-up).
    func signal() {
        var one: UInt64 = 1
        _ = withUnsafeBytes(of: &one) { write(fd, $0.baseAddress, $0.count) }
    }

    /// Resets the counter after a wake-up.
    func drain() {
        var value: UInt64 = 0
        _ = withUnsafeMutableBytes(of: &value) { read(fd, $0.baseAddress, $0.count) }
    }

    deinit { close(fd) }
}
