// JSONResponseSerializer.swift: Codable JSON responses through Foundation's JSONDecoder.
public import Foundation
public import ProtoHTTPCore

/// Decodes Codable JSON with a `JSONDecoder`.
public struct JSONResponseSerializer<T: Decodable & Sendable>: ResponseSerializer {
    /// Makes the decoder for each response (a `JSONDecoder` is not `Sendable`).
    public var makeDecoder: @Sendable () -> JSONDecoder

    /// A serializer decoding with a decoder from `makeDecoder`, one per response.
    public init(makeDecoder: @escaping @Sendable () -> JSONDecoder = { JSONDecoder() }) {
        self.makeDecoder = makeDecoder
    }

    /// `JSONDecoder().decode(T.self, from: body)`; a failure is `data_loss`.
    public func serialize(_ body: [UInt8], metadata: ResponseMetadata) throws(ProtoHTTPError) -> T {
        do {
            return try makeDecoder().decode(T.self, from: Data(body))
        } catch {
            throw ProtoHTTPError(
                code: .dataLoss,
                message: "the \(body.count)-byte response is not JSON for \(T.self) (\(error)); check the server's answer and the type.",
                httpStatus: metadata.status
            )
        }
    }
}
