// WireProtocolChoice.swift: `--protocol connect|twirp|plain|grpc|grpcweb` and the client protocol each picks for a call URL.
import ArgumentParser
import ProtoHTTP

/// The protocol `protohttp call` speaks.
enum WireProtocolChoice: String, ExpressibleByArgument, CaseIterable {
    case connect, twirp, plain, grpc, grpcweb

    /// The client's protocol for `url`: Twirp under ``CallURL/twirpPrefix``; Connect with GET
    /// for side-effect-free methods when `get` is set, however long the URL (asked for GET,
    /// the call never falls back to POST); gRPC over HTTP/2 (h2c with prior knowledge for
    /// `http://`); gRPC-Web over whatever HTTP version the connection gets.
    func wireProtocol(for url: CallURL, get: Bool) -> any WireProtocol {
        switch self {
        case .connect: get ? ConnectProtocol(httpGet: true, maxGetURLLength: Int.max) : ConnectProtocol()
        case .twirp: TwirpProtocol(prefix: url.twirpPrefix)
        case .plain: PlainProtocol()
        case .grpc: GRPCProtocol()
        case .grpcweb: GRPCWebProtocol()
        }
    }

    /// The base URL the method path goes under: Twirp's prefix is its route's, the others' is
    /// part of the base.
    func baseURL(for url: CallURL) -> String {
        self == .twirp ? url.origin : url.origin + url.prefix
    }
}
