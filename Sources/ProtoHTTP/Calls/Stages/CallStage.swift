// CallStage.swift: the manager's own links around a call, outside the user's interceptors: where a response cache and an offline queue plug in.

/// The rest of a call after a stage: runs the stages inside it, the interceptors, the
/// attempts and the settle stage for `request`, and calls back once with the outcome.
public typealias CallStageNext = @Sendable (TransportRequest, @escaping @Sendable (CallOutcome) -> Void) -> Void

/// A link of a call that the manager owns, installed in a ``CallStageSlot`` with
/// ``ProtoHTTPManager/install(_:in:)``. Stages run outside the user's
/// ``ManagerConfiguration/interceptors`` and see more than they do: the call's options (with
/// their typed extensions, ``CallOptions/subscript(_:)``), its request as made, and the
/// *settled* outcome (validated and decoded), not only the transport's response. A response
/// cache answers from a stage, an offline queue stores failed writes from one:
///
/// ```
///  prepare ─► stage (cache) ─► stage (queue) ─► interceptors ─► attempts ─► transport
///  deliver ◄──────────◄──────────────◄─── settle (validate, decode) ◄───────────┘
/// ```
///
/// ProtoHTTPOffline's response cache and offline queue are stages, in slots of their own
/// (`CallStageSlot.responseCache` and `.offlineQueue`, at orders 100 and 200).
///
/// Stages run on the manager's work queue, never on the caller's thread (a stage may read a
/// disk). A call only hops there when a stage ``applies(to:options:)``; a call no stage
/// applies to costs nothing more. Changing ``ManagerConfiguration/interceptors`` never removes
/// a stage.
public protocol CallStage: Sendable {
    /// Whether the stage takes part in a call with `options`. Asked once, on the caller's
    /// thread, when the call starts: keep it cheap. Default `true`.
    func applies(to info: CallInfo, options: CallOptions) -> Bool

    /// Runs the stage for one call: call `next` zero or more times (a cache may answer without
    /// it) and `completion` exactly once. `completion`'s outcome is what the caller gets,
    /// unless a stage outside this one changes it.
    func run(_ call: StagedCall, next: @escaping CallStageNext, completion: @escaping @Sendable (CallOutcome) -> Void)

    /// Why a streaming call with `options` cannot go as asked, for a stage that would have taken
    /// part in it: stages wrap unary calls only, and a stream passes them by, unless one says
    /// here that passing it by would break what the caller asked for (a cache for a stream,
    /// queueing one offline); the stream then fails at once with `failed_precondition` and this
    /// text. Asked only when ``applies(to:options:)`` is `true`. Default `nil`: the stream goes.
    func streamRefusal(_ info: CallInfo, options: CallOptions) -> String?
}

extension CallStage {
    /// Takes part in every call.
    public func applies(to info: CallInfo, options: CallOptions) -> Bool { true }

    /// Lets every stream go by.
    public func streamRefusal(_ info: CallInfo, options: CallOptions) -> String? { nil }
}

/// Where a ``CallStage`` sits: a manager holds at most one stage per slot, and runs them
/// in ``order``, the lowest outermost. The description is the slot's name.
public struct CallStageSlot: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The slot's place: lower runs outside higher.
    public let order: Int
    /// The slot's name, for messages.
    public let name: String

    /// A slot at `order` (ProtoHTTPOffline's are 100 and 200), named `name`.
    public init(order: Int, name: String) {
        self.order = order
        self.name = name
    }

    /// By ``order``, then by name (two slots of one order run in the order of their names).
    public static func < (lhs: CallStageSlot, rhs: CallStageSlot) -> Bool { (lhs.order, lhs.name) < (rhs.order, rhs.name) }

    /// The slot's name.
    public var description: String { name }
}

/// The stages of one call, nested: the first outermost, `innermost` (the interceptors, the
/// attempts and the settle stage) inside the last.
enum CallStageChain {
    static func build(_ stages: [any CallStage], call: StagedCall, innermost: @escaping CallStageNext) -> CallStageNext {
        var next = innermost
        for stage in stages.reversed() {
            let inner = next
            next = { request, completion in stage.run(call.passing(request), next: inner, completion: completion) }
        }
        return next
    }
}
