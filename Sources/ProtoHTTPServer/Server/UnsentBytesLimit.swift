// UnsentBytesLimit.swift: the socket option that bounds how much of a connection's output the kernel holds unsent.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import NIOCore

/// `TCP_NOTSENT_LOWAT` on every accepted connection: the kernel takes more of a connection's
/// output only while less than ``bytes`` of it waits unsent (bytes sent and not yet acknowledged
/// do not count, so throughput to a client that reads is unchanged).
///
/// Without it a client that never reads makes the kernel's send buffer grow to its maximum
/// (4 MiB by default on Linux) before the channel reports itself unwritable, and
/// ``StallGuardHandler`` stops serving that client only then: under `make attack`'s 50
/// pipelining clients that never read, the server answered their requests for the whole run
/// and a well-behaved client's rate fell to nothing.
enum UnsentBytesLimit {
    /// The most output the kernel holds unsent per connection: NIO's own low watermark for
    /// pending writes, so a connection turns unwritable after about 32 KiB in the kernel plus
    /// 64 KiB in NIO (and what the client's receive buffer took).
    static let bytes: Int32 = 32 * 1024

    /// The option, for `ServerBootstrap.childChannelOption`.
    static let option = ChannelOptions.Types.SocketOption(level: .tcp, name: NIOBSDSocket.Option(rawValue: TCP_NOTSENT_LOWAT))
}
