// WireProtocolChoice.swift: `--protocol connect|twirp|plain` and the client protocol each picks for a call URL.
import ArgumentParser
import ProtoHTTP

/// The protocol `protohttp call` speaks.
enum WireProtocolChoice: String, ExpressibleByArgument, CaseIterable {
    case connect, twirp, plain

    /// The client's protocol for `url`: Twirp under ``CallURL/twirpPrefix``; Connect with GET
    /// for side-effect-free methods when `get` is set, however long the URL (asked for GET,
    /// the call never falls back to POST).
    func wireProtocol(for url: CallURL, get: Bool) -> any WireProtocol {
        switch self {
        case .connect: get ? ConnectProtocol(httpGet: true, maxGetURLLength: Int.max) : ConnectProtocol()
        case .twirp: TwirpProtocol(prefix: url.twirpPrefix)
        case .plain: PlainProtocol()
        }
    }

    /// The base URL the method path goes under: Twirp's prefix is its route's, the others' is
    /// part of the base.
    func baseURL(for url: CallURL) -> String {
        self == .twirp ? url.origin : url.origin + url.prefix
    }
}
