// StreamingRequestStarted.swift: the outbound event that tells the stall guard a request is a stream's.

/// Sent outbound by ``RPCChannelHandler`` when a request turns out to be a streaming call's, so
/// ``StallGuardHandler`` bounds its body by ``ServerConfiguration/streamIdleTimeout`` (nothing
/// sent either way) instead of ``ServerConfiguration/requestBodyTimeout``.
struct StreamingRequestStarted: Sendable {}
