// JSONShapeValidator.swift: a response validator that fails an answer whose JSON does not have the expected shape.
public import ProtoHTTPCore
import ProtoWire

/// Fails an answer whose body is not JSON of the expected ``JSONShape`` (YTKNetwork's
/// `jsonValidator`), before it is decoded, with an error that says where it departs:
///
/// ```swift
/// options.validators = [.successStatus, .jsonShape(["code": .integer, "data": ["id": .string]])]
/// // internal: the response's JSON does not have the expected shape: at $.data.id: expected a string, found a number
/// ```
///
/// An empty body fails too (it is no JSON document); a call that may answer with no body
/// can say so with a ``ClosureValidator`` around this one.
public struct JSONShapeValidator: ResponseValidator {
    /// The shape the body must have.
    public var shape: JSONShape

    /// A validator of `shape`.
    public init(_ shape: JSONShape) { self.shape = shape }

    /// Throws (`internal`) when the body is not JSON, or not of ``shape``.
    public func validate(_ metadata: ResponseMetadata, body: [UInt8]) throws(ProtoHTTPError) {
        let document: Google_Protobuf_Value
        do {
            document = try Google_Protobuf_Value(jsonUTF8Bytes: body)
        } catch {
            throw ProtoHTTPError(code: .internal,
                                 message: "the response is not JSON\(StatusCodeValidator.snippet(body)) (\(error)), so it cannot be \(shape) as expected; check the URL and what the server sends there.",
                                 httpStatus: metadata.status, responseBody: body)
        }
        if let mismatch = shape.mismatch(in: document) {
            throw ProtoHTTPError(code: .internal,
                                 message: "the response's JSON does not have the expected shape: \(mismatch); the server's answer changed, or the shape is wrong.",
                                 httpStatus: metadata.status, responseBody: body)
        }
    }
}

extension ResponseValidator where Self == JSONShapeValidator {
    /// Accepts only JSON answers of this shape (YTKNetwork's `jsonValidator`).
    public static func jsonShape(_ shape: JSONShape) -> JSONShapeValidator { JSONShapeValidator(shape) }
}
