// StagedCall.swift: what a call stage knows about its call, and how it settles a response or delivers an interim answer.
package import ProtoHTTPCore


/// One call as a ``CallStage`` sees it: its identity and options, the request as prepared,
/// and the call's own settle stage, so a stage can turn a response it holds (a cached one)
/// into an outcome exactly as a response from the network would be.
public struct StagedCall: Sendable {
    /// What interceptors learn about the call.
    public var info: CallInfo { prepared.info }
    /// The call's options.
    public let options: CallOptions
    /// The request as prepared (URL, headers and body), with what outer stages changed: what
    /// this stage passes to `next` unless it changes it too.
    public let request: TransportRequest
    /// The call as prepared.
    let prepared: PreparedCall

    /// The HTTP method the call was made with (a Connect GET's is POST: the protocol turns it
    /// into a GET when it prepares the request).
    package var httpMethod: HTTPMethod { prepared.target.httpMethod }
    /// The manager's ``ManagerConfiguration/appVersion`` when the call was prepared.
    package var appVersion: String? { prepared.appVersion }
    /// The body as serialized, before any compression; `nil` for GET and HEAD.
    package var serializedBody: SerializedBody? { prepared.body }
    /// The path or URL the call was made with, its own query folded in (its parameters and a
    /// GET's input), without the manager's base URL and general parameters.
    package var pathWithOwnQuery: String { RequestComposition.appending(options.parameters, prepared.query, to: prepared.target.path) }
    /// Validates and decodes a response for the caller.
    private let settler: @Sendable (TransportResponse, Int, Bool) -> CallOutcome
    /// Hands a successful outcome to the caller ahead of the final one.
    private let interim: @Sendable (CallOutcome) -> Void

    init(prepared: PreparedCall, options: CallOptions, settle: @escaping @Sendable (TransportResponse, Int, Bool) -> CallOutcome,
         interim: @escaping @Sendable (CallOutcome) -> Void) {
        self.prepared = prepared
        self.request = prepared.request
        self.options = options
        self.settler = settle
        self.interim = interim
    }

    private init(_ call: StagedCall, request: TransportRequest) {
        self.prepared = call.prepared
        self.request = request
        self.options = call.options
        self.settler = call.settler
        self.interim = call.interim
    }

    /// The call as an inner stage sees it, once an outer one passed `request` on.
    func passing(_ request: TransportRequest) -> StagedCall { StagedCall(self, request: request) }

    /// `response` read as this call reads the network's: the wire protocol's errors, the
    /// validators, the serializer and the response processors, with `attempts` and
    /// `fromCache` in its metadata.
    public func settle(_ response: TransportResponse, attempts: Int = 0, fromCache: Bool) -> CallOutcome {
        settler(response, attempts, fromCache)
    }

    /// Delivers a successful outcome to the caller's `success` before the final outcome
    /// (a cache-then-network answer): the caller gets two successes, or this one and then a
    /// failure. A failed outcome, or one after the call ended, is ignored.
    public func deliverInterim(_ outcome: CallOutcome) {
        guard outcome.succeeded else { return }
        interim(outcome)
    }
}
