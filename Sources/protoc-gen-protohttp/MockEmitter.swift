// MockEmitter.swift: with `Mocks=true`, a client mock per service that tests use in place of the client.

/// Emits into `<base>.mock.pb.swift` (see ``LayerFileEmitter``) the final class
/// `<Prefix><Service>ClientMock`, which conforms to the service's generated client protocol
/// (`Clients=true`, in this module or in the module the `.proto` file maps to):
///
/// ```swift
/// let notes = Notes_NotesClientMock()                        // callbacks on a serial queue of its own
/// notes.getNote.handler = { request in Notes_Note(…) }        // or throw ProtoHTTPError(…)
/// let reply = try await notes.getNote(Notes_GetNoteRequest())
/// notes.getNote.requests                                     // every request, in call order
/// notes.getNote.callCount
/// ```
///
/// Per unary method a `ProtoHTTPTesting.ClientMockMethod` property named like the client method, and
/// both call forms, each one line handing the call to `ProtoHTTPTesting.ClientMockCalls`, which gives
/// it the real client's callback order, cancel and deadline behaviour.
struct MockEmitter {
    /// The runtime module of the mocks' machinery (a product of its own, for test targets).
    static let testingModule = "ProtoHTTPTesting"

    let context: FileContext

    func emit(_ service: ServiceModel, _ p: inout CodePrinter) {
        let access = context.access
        let mockName = service.clientMockName
        let unary = service.methods.filter(\.isUnary)
        // The machinery's property, renamed in the unlikely case a method takes its name.
        let callsName = unary.contains { $0.clientName == "mockCalls" } ? "mockCalls_" : "mockCalls"

        p.doc([
            "A stand-in for ``\(service.clientProtocolName)`` in tests: each call is answered by its method's `handler`",
            "and recorded in its `requests`, with the real client's callbacks (completion, then exactly one of",
            "success or failure, on ``\(callsName)``'s callback queue), cancellation and deadlines. No network.",
        ])
        p.block("\(access)final class \(mockName): \(service.clientProtocolName), Sendable {") { p in
            p.doc(["Runs the calls: the callback queue, the live calls."])
            p.line("\(access)let \(callsName): ProtoHTTPTesting.ClientMockCalls")
            for method in unary {
                p.line()
                p.doc(["`\(method.protoName)`: set its `handler`; read its `requests` and `callCount`."])
                p.line("\(access)let \(method.clientName) = ProtoHTTPTesting.ClientMockMethod<\(method.metadataType)>()")
            }
            p.line()
            p.doc(["A mock whose callbacks run on `callbackQueue` (default: a serial queue of its own)."])
            p.block("\(access)init(callbackQueue: Dispatch.DispatchQueue = Dispatch.DispatchQueue(label: \"\(mockName)\")) {") { p in
                p.line("\(callsName) = ProtoHTTPTesting.ClientMockCalls(callbackQueue: callbackQueue)")
            }
            for model in service.methods {
                let method = ClientEmitter.Method(model, context: context)
                p.line()
                guard method.isUnary else {
                    p.line(method.streamingComment)
                    continue
                }
                let plain = Naming.trimBackticks(method.name)
                p.doc(["Records the call and answers it with `\(plain).handler`, as the client's callback form would."])
                p.line("@discardableResult")
                p.block("\(access)func \(method.name)(\(method.callbackParameters(defaults: true))) -> ProtoHTTP.CallHandle {") { p in
                    p.line("\(callsName).call(\(method.name), request, options: options, completion: completion, success: success, failure: failure)")
                }
                p.line()
                p.doc(["Records the call and returns `\(plain).handler`'s answer, as the client's async form would."])
                p.block("\(access)func \(method.name)(\(method.asyncParameters(defaults: true))) async throws(ProtoHTTPCore.ProtoHTTPError) -> \(method.output) {") { p in
                    p.line("try await \(callsName).call(\(method.name), request, options: options)")
                }
            }
        }
    }
}
