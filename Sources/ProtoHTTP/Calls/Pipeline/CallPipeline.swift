// CallPipeline.swift: one manager call's way through register, prepare, route and send, as a type; the manager is its façade.
import Dispatch
import ProtoHTTPCore
import ProtoHTTPObservability

/// One manager call from start to outcome: ``register()``, ``prepare(_:with:)``, ``route(for:)``
/// and ``send(_:along:)``, in that order (`ProtoHTTPManager.run` is those four calls).
///
/// ```
///  register ─► prepare ─► route ─► send: stages ─► interceptors ─► attempts ─► settle ─► handle delivers
///     │           │ throws           └─ a stage's own outcome (a cached answer) ────────────┤
///     │           └────────────────── fail ─────────────────────────────────────────────────┤
///     └─ deadline timer / cancel() ──────────────── expire/cancel ──────────────────────────┘   first terminal event wins
/// ```
///
/// The pipeline is a value made per call from the settings snapshot the call started under; it
/// holds the manager for the parts every call shares (registry, transport, work queue) and
/// nothing else of it, so what a call depends on is its own fields.
struct CallPipeline<R: ResponseSerializer>: Sendable {
    /// What a prepared call goes through: its stages, then the interceptor chain ending at the
    /// transport, retried under `policy`.
    struct Route: Sendable {
        /// The stages that apply to the call, outermost first; empty for a plain call.
        let stages: [any CallStage]
        /// The interceptor chain, ending at the send stage (or a call kind's step before it).
        let exchange: InterceptorNext
        /// The call's retry policy.
        let policy: RetryPolicy
    }

    let manager: ProtoHTTPManager
    let handle: CallHandle
    let settings: SettingsSnapshot
    let target: CallTarget
    let options: CallOptions
    let responseSerializer: R
    /// A call kind's own step between the interceptors and the transport (a download's resume).
    let wrapSender: SenderWrapper?
    let success: @Sendable (R.Output, ResponseMetadata) -> Void
    /// What an interim answer (a stage's, before the outcome) is delivered to: `success`
    /// without what follows the outcome (the `finished` callback).
    let interim: @Sendable (R.Output, ResponseMetadata) -> Void
    /// When the call must have finished, from the call's timeout or the manager's.
    let deadline: CallDeadline?
    /// The manager's response processors, then the call's.
    let processors: [any ResponseProcessor]

    init(manager: ProtoHTTPManager, handle: CallHandle, settings: SettingsSnapshot, target: CallTarget, options: CallOptions,
         responseSerializer: R, wrapSender: SenderWrapper?, success: @escaping @Sendable (R.Output, ResponseMetadata) -> Void,
         interim: (@Sendable (R.Output, ResponseMetadata) -> Void)? = nil) {
        // Fields are read through `settings` (a reference): `let configuration =
        // settings.configuration` copies the whole struct, a retain and a release of every one
        // of its fields per call (three such copies were ~8,000 instructions of a call).
        self.manager = manager
        self.handle = handle
        self.settings = settings
        self.target = target
        self.options = options
        self.responseSerializer = responseSerializer
        self.wrapSender = wrapSender
        self.success = success
        self.interim = interim ?? success
        self.deadline = manager.deadline(for: options, configuration: settings.configuration)
        self.processors = options.responseProcessors.isEmpty
            ? settings.configuration.responseProcessors : settings.configuration.responseProcessors + options.responseProcessors
    }

    /// Registers the call (its deadline timer starts) and tells the accessories; `false` when it
    /// had already ended (an async call in a cancelled Task), which has delivered its failure.
    func register() -> Bool {
        manager.registry.add(handle, deadline: deadline)
        guard handle.begin() else {
            manager.registry.remove(handle)
            return false
        }
        handle.reportStart()
        return true
    }

    /// Resolves the options against the configuration and serializes `input`; `nil` when that
    /// fails, with the call failed.
    ///
    /// With ``ManagerConfiguration/fallbackToJSON`` on and the call's encoding binary, the
    /// prepared call carries its JSON form, for a 415 answer; and a call to an endpoint that
    /// answered 415 before is prepared in JSON at once.
    func prepare<S: RequestSerializer>(_ input: S.Input, with serializer: S) -> PreparedCall? {
        let (manager, info, target, options, settings, deadline) = (manager, handle.info, target, options, settings, deadline)
        let observation = handle.observation
        do {
            guard settings.configuration.fallbackToJSON, (options.encoding ?? settings.configuration.encoding) == .binary else {
                return try manager.prepare(info: info, target: target, input: input, serializer: serializer,
                                           options: options, settings: settings, deadline: deadline, observation: observation)
            }
            let asJSON: @Sendable () throws(ProtoHTTPError) -> PreparedCall = { () throws(ProtoHTTPError) in
                var json = options
                json.encoding = .json
                return try manager.prepare(info: info, target: target, input: input, serializer: serializer,
                                           options: json, settings: settings, deadline: deadline, observation: observation)
            }
            let prepared = try manager.prepare(info: info, target: target, input: input, serializer: serializer,
                                               options: options, settings: settings, deadline: deadline, observation: observation, jsonFallback: asJSON)
            if prepared.jsonFallback != nil, manager.jsonFallbacks.contains(prepared.request.url),
               let json = try? asJSON(), JSONFallback.isJSON(json.body) {
                return json
            }
            return prepared
        } catch {
            handle.failPreparing(error)
            return nil
        }
    }

    /// The stages that apply to the call and the interceptor chain it is sent through.
    func route(for prepared: PreparedCall) -> Route {
        let stages = settings.stages(for: prepared.info, options: options)
        let plainQueue = manager.settleQueue(handle: handle, configuration: settings.configuration, processors: processors,
                                             staged: !stages.isEmpty, wrapped: wrapSender != nil)
        var terminal = manager.sender(for: handle, info: prepared.info, deadline: deadline, logger: settings.configuration.logger,
                                      settleQueue: plainQueue)
        if let wrapSender { terminal = wrapSender(terminal) }
        return Route(stages: stages, exchange: InterceptorChain.build(settings.configuration.interceptors, info: prepared.info, terminal: terminal),
                     policy: options.retryPolicy ?? settings.configuration.retryPolicy)
    }

    /// Sends the call along `route`: straight to the attempts when no stage applies (the result
    /// goes from settle to the handle), else through the stage chain, started on the work queue
    /// (a cache reads its store there, not on the caller's thread).
    func send(_ prepared: PreparedCall, along route: Route) {
        let (handle, success, interim) = (handle, success, interim)
        guard !route.stages.isEmpty else {
            attempts(prepared, request: prepared.request, route: route) { result, attempts in
                switch settle(result, attempts: attempts, fromCache: false, prepared: prepared) {
                case .success(let (output, metadata)): handle.succeed { success(output, metadata) }
                case .failure(let error): handle.fail(error)
                }
            }.send(attempt: 1)
            return
        }
        let network: CallStageNext = { request, done in
            attempts(prepared, request: request, route: route) { done(outcome($0, attempts: $1, fromCache: false, prepared: prepared)) }.send(attempt: 1)
        }
        let call = StagedCall(prepared: prepared, options: options, settle: { outcome(.success($0), attempts: $1, fromCache: $2, prepared: prepared) },
                              interim: { outcome in
                                  guard let value = outcome.value as? SettledValue<R.Output> else { return }
                                  handle.deliverInterim { interim(value.output, value.metadata) }
                              })
        let chain = CallStageChain.build(route.stages, call: call, innermost: network)
        manager.workQueue.async {
            chain(prepared.request) { outcome in
                if let error = outcome.error {
                    handle.fail(error)
                } else if let value = outcome.value as? SettledValue<R.Output> {
                    handle.succeed { success(value.output, value.metadata) }
                } else {
                    handle.fail(ProtoHTTPError(code: .internal, message: "a call stage completed the call with an outcome it did not get from next or StagedCall.settle; complete with one of those, or with CallOutcome.failure."))
                }
            }
        }
    }

    // MARK: Send's parts

    /// The attempts of one request along `route`, reporting the final result and attempt count.
    /// A binary call answered 415 is sent once more as JSON when it can fall back (see
    /// ``PreparedCall/jsonFallback``); the attempts of both count.
    private func attempts(_ prepared: PreparedCall, request: TransportRequest, route: Route,
                          finish: @escaping @Sendable (Result<TransportResponse, ProtoHTTPError>, Int) -> Void) -> CallAttempts {
        let (handle, manager) = (handle, manager)
        return CallAttempts(handle: handle, prepared: prepared, request: request, exchange: route.exchange, workQueue: manager.workQueue,
                            clock: manager.registry.clock, policy: route.policy) { result, count in
            guard let fallback = prepared.jsonFallback, case .success(let response) = result, response.status == JSONFallback.status,
                  !handle.isFinished, let json = try? fallback(), JSONFallback.isJSON(json.body) else {
                finish(result, count)
                return
            }
            manager.jsonFallbacks.insert(prepared.request.url)
            settings.configuration.logger.info("\(prepared.request.url) answered 415 to binary protobuf: sending the call again in proto3 JSON, and JSON from now on")
            let next = JSONFallback.request(replacing: request, original: prepared.request, json: json.request)
            CallAttempts(handle: handle, prepared: json, request: next, exchange: route.exchange, workQueue: manager.workQueue,
                         clock: manager.registry.clock, policy: route.policy) { result, more in
                finish(result, count + more)
            }.send(attempt: 1)
        }
    }

    /// Settle: validation, decoding and the response processors, for a transport result.
    func settle(_ result: Result<TransportResponse, ProtoHTTPError>, attempts: Int, fromCache: Bool,
                prepared: PreparedCall) -> Result<(R.Output, ResponseMetadata), ProtoHTTPError> {
        CallSettlement.settle(result, wireProtocol: prepared.wireProtocol, validators: prepared.validators, serializer: responseSerializer,
                              attempts: attempts, processors: processors, info: prepared.info, fromCache: fromCache,
                              observation: handle.observation)
    }

    /// A settled result as the stages see it: the outcome, with the raw response beside it.
    private func outcome(_ result: Result<TransportResponse, ProtoHTTPError>, attempts: Int, fromCache: Bool,
                         prepared: PreparedCall) -> CallOutcome {
        let response = try? result.get()
        switch settle(result, attempts: attempts, fromCache: fromCache, prepared: prepared) {
        case .success(let (output, metadata)):
            return CallOutcome(response: response, attempts: attempts, error: nil, value: SettledValue(output: output, metadata: metadata))
        case .failure(let error):
            return CallOutcome(response: response, attempts: attempts, error: error, value: nil)
        }
    }
}
