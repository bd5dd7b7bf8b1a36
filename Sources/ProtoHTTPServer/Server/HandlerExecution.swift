// HandlerExecution.swift: where request tasks (and so the handlers) run: on the connection's event loop or in Swift's pool.

/// Where the server runs each request's task: routing, decoding, your handler and encoding.
///
/// ```swift
/// var config = ServerConfiguration(port: 8080)
/// config.handlerExecution = .concurrencyPool  // handlers that compute for long, or block
/// ```
public enum HandlerExecution: Sendable, Hashable {
    /// On the event-loop thread of the request's connection (the default). A request that
    /// needs no other thread (most do not) then costs no thread hop at all: the bytes are read,
    /// the handler runs and the answer is written on one thread, which roughly halves the
    /// server's CPU per call. Where a handler awaits something else (a database, another
    /// service), it suspends and the event loop serves other connections meanwhile; it comes
    /// back to the same loop.
    ///
    /// A handler that blocks its thread (a synchronous file or socket read, a lock held long)
    /// or computes for milliseconds holds up every connection on that event loop while it does:
    /// move such work off the loop (`Task.detached`, your own executor), or pick
    /// ``concurrencyPool``.
    case eventLoop
    /// On Swift's global concurrent executor, like any unstructured `Task`: handlers never hold
    /// up an event loop, at the price of two thread hops per request (to the pool and back to
    /// the connection's loop to write the answer).
    case concurrencyPool
}
