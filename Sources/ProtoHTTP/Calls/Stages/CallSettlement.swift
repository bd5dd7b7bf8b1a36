// CallSettlement.swift: stage 4 of a manager call, settle: protocol errors, validation and serialization of the result.
import ProtoHTTPCore
import ProtoHTTPObservability


/// Stage 4: turns the chain's result into the call's outcome. Pure: no queues, no handle.
///
/// Order: a transport failure stays as it is; then the wire protocol's error reading (Connect
/// and Twirp error bodies); then the validators, first failure wins; then the serializer; then
/// the response processors, in order.
enum CallSettlement {
    static func settle<R: ResponseSerializer>(
        _ result: Result<TransportResponse, ProtoHTTPError>, wireProtocol: any WireProtocol,
        validators: [any ResponseValidator], serializer: R, attempts: Int = 1,
        processors: [any ResponseProcessor] = [], info: CallInfo? = nil, fromCache: Bool = false,
        observation: RPCCallObservation? = nil
    ) -> Result<(R.Output, ResponseMetadata), ProtoHTTPError> {
        let received: TransportResponse
        switch result {
        case .failure(let error): return .failure(error)
        case .success(let value): received = value
        }
        if let error = wireProtocol.error(from: received) { return .failure(error) }
        let response: TransportResponse
        switch wireProtocol.message(of: received) {
        case .success(let message): response = message
        case .failure(let error): return .failure(error)
        }
        observation?.noteResponse(bytes: response.body.count)   // the message, out of its framing and inflated
        var metadata = ResponseMetadata(status: response.status, headers: response.headers, attempts: attempts)
        metadata.trailers = response.trailers
        metadata.bodyFile = response.bodyFile
        metadata.isFromCache = fromCache
        metadata.rpcProtocol = wireProtocol.rpcProtocol
        metadata.metrics = fromCache ? nil : response.metrics
        do throws(ProtoHTTPError) {
            for validator in validators { try validator.validate(metadata, body: response.body) }
            let output = try serializer.serialize(response.body, metadata: metadata)
            guard !processors.isEmpty, let info else { return .success((output, metadata)) }
            return .success((try process(output, processors: processors, metadata: metadata, info: info), metadata))
        } catch {
            return .failure(error)
        }
    }

    /// Runs the processors on `output`; each must hand back an `Output`.
    static func process<Output: Sendable>(_ output: Output, processors: [any ResponseProcessor], metadata: ResponseMetadata,
                                          info: CallInfo) throws(ProtoHTTPError) -> Output {
        var value: any Sendable = output
        for processor in processors {
            value = try processor.process(value, metadata: metadata, call: info)
            guard value is Output else {
                throw ProtoHTTPError(code: .internal, message: "the response processor \(type(of: processor)) returned \(type(of: value)), but the call expects \(Output.self); return the output or a value of its type.")
            }
        }
        guard let typed = value as? Output else {
            throw ProtoHTTPError(code: .internal, message: "the response processors returned \(type(of: value)), not \(Output.self).")
        }
        return typed
    }
}
