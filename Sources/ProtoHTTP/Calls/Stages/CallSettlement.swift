// CallSettlement.swift: stage 4 of a manager call, settle: protocol errors, validation and serialization of the result.

/// Stage 4: turns the chain's result into the call's outcome. Pure: no queues, no handle.
///
/// Order: a transport failure stays as it is; then the wire protocol's error reading (Connect
/// and Twirp error bodies); then the validators, first failure wins; then the serializer.
enum CallSettlement {
    static func settle<R: ResponseSerializer>(
        _ result: Result<TransportResponse, ProtoHTTPError>, wireProtocol: any WireProtocol,
        validators: [any ResponseValidator], serializer: R, attempts: Int = 1
    ) -> Result<(R.Output, ResponseMetadata), ProtoHTTPError> {
        let response: TransportResponse
        switch result {
        case .failure(let error): return .failure(error)
        case .success(let value): response = value
        }
        if let error = wireProtocol.error(from: response) { return .failure(error) }
        let metadata = ResponseMetadata(status: response.status, headers: response.headers, attempts: attempts)
        do throws(ProtoHTTPError) {
            for validator in validators { try validator.validate(metadata, body: response.body) }
            return .success((try serializer.serialize(response.body, metadata: metadata), metadata))
        } catch {
            return .failure(error)
        }
    }
}
