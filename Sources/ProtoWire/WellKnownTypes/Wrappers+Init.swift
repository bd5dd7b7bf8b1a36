// Wrappers+Init.swift: one-argument initializers and literals for the google.protobuf wrapper types.

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

extension Google_Protobuf_DoubleValue {
    /// Wraps `value`.
    public init(_ value: Double) {
        self.init()
        self.value = value
    }
}

extension Google_Protobuf_DoubleValue: ExpressibleByFloatLiteral {
    /// Wraps a literal: `let x: Google_Protobuf_DoubleValue = ...`.
    public init(floatLiteral value: Double) { self.init(value) }
}

extension Google_Protobuf_FloatValue {
    /// Wraps `value`.
    public init(_ value: Float) {
        self.init()
        self.value = value
    }
}

extension Google_Protobuf_FloatValue: ExpressibleByFloatLiteral {
    /// Wraps a literal: `let x: Google_Protobuf_FloatValue = ...`.
    public init(floatLiteral value: Float) { self.init(value) }
}

extension Google_Protobuf_Int64Value {
    /// Wraps `value`.
    public init(_ value: Int64) {
        self.init()
        self.value = value
    }
}

extension Google_Protobuf_Int64Value: ExpressibleByIntegerLiteral {
    /// Wraps a literal: `let x: Google_Protobuf_Int64Value = ...`.
    public init(integerLiteral value: Int64) { self.init(value) }
}

extension Google_Protobuf_UInt64Value {
    /// Wraps `value`.
    public init(_ value: UInt64) {
        self.init()
        self.value = value
    }
}

extension Google_Protobuf_UInt64Value: ExpressibleByIntegerLiteral {
    /// Wraps a literal: `let x: Google_Protobuf_UInt64Value = ...`.
    public init(integerLiteral value: UInt64) { self.init(value) }
}

extension Google_Protobuf_Int32Value {
    /// Wraps `value`.
    public init(_ value: Int32) {
        self.init()
        self.value = value
    }
}

extension Google_Protobuf_Int32Value: ExpressibleByIntegerLiteral {
    /// Wraps a literal: `let x: Google_Protobuf_Int32Value = ...`.
    public init(integerLiteral value: Int32) { self.init(value) }
}

extension Google_Protobuf_UInt32Value {
    /// Wraps `value`.
    public init(_ value: UInt32) {
        self.init()
        self.value = value
    }
}

extension Google_Protobuf_UInt32Value: ExpressibleByIntegerLiteral {
    /// Wraps a literal: `let x: Google_Protobuf_UInt32Value = ...`.
    public init(integerLiteral value: UInt32) { self.init(value) }
}

extension Google_Protobuf_BoolValue {
    /// Wraps `value`.
    public init(_ value: Bool) {
        self.init()
        self.value = value
    }
}

extension Google_Protobuf_BoolValue: ExpressibleByBooleanLiteral {
    /// Wraps a literal: `let x: Google_Protobuf_BoolValue = ...`.
    public init(booleanLiteral value: Bool) { self.init(value) }
}

extension Google_Protobuf_StringValue {
    /// Wraps `value`.
    public init(_ value: String) {
        self.init()
        self.value = value
    }
}

extension Google_Protobuf_StringValue: ExpressibleByStringLiteral {
    /// Wraps a literal: `let x: Google_Protobuf_StringValue = ...`.
    public init(stringLiteral value: String) { self.init(value) }
}

extension Google_Protobuf_BytesValue {
    /// Wraps `value`.
    public init(_ value: Data) {
        self.init()
        self.value = value
    }
}
