// ServerTLSContext.swift: the TLS context a server's connections share, and the handler it adds; nothing without the TLS trait.
import NIOCore
#if TLS
import NIOSSL

/// The context every TLS connection of a server shares (swift-nio-ssl's).
typealias ServerTLSContext = NIOSSLContext

extension ServerTLSContext {
    /// Adds the handler that speaks TLS on a new connection, first after the connection-wide ones.
    func addServerHandler(to pipeline: ChannelPipeline.SynchronousOperations) throws {
        try pipeline.addHandler(NIOSSLServerHandler(context: self))
    }
}
#else
/// A build without the package trait `TLS` has no TLS context: no value of this type exists,
/// and ``ProtoHTTPServer/start()`` refuses ``ServerConfiguration/tls`` before it would need one.
enum ServerTLSContext: Sendable {
    func addServerHandler(to pipeline: ChannelPipeline.SynchronousOperations) throws {
        switch self {}
    }
}
#endif
