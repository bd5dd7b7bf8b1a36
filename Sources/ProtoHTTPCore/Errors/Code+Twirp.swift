// Code+Twirp.swift: the RPC codes under Twirp's names (dataloss, bad_route, malformed).

extension ProtoHTTPError.Code {
    /// The code's name in Twirp's error JSON: Connect's name, except `dataloss` for data_loss.
    public var twirpName: String { self == .dataLoss ? "dataloss" : name }

    /// The code a Twirp error name stands for, or `nil` for a name Twirp does not define.
    ///
    /// Twirp's own names map onto the shared set: `bad_route` is unimplemented, `malformed` is
    /// invalid_argument, and `dataloss` (as well as Connect's `data_loss`) is data_loss.
    public init?(twirpName name: String) {
        switch name {
        case "dataloss", "data_loss": self = .dataLoss
        case "bad_route": self = .unimplemented
        case "malformed": self = .invalidArgument
        default:
            guard let code = Self(name: name) else { return nil }
            self = code
        }
    }
}
