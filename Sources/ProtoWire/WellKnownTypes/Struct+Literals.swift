// Struct+Literals.swift: building google.protobuf.Struct, Value and ListValue from Swift values and literals.

extension Google_Protobuf_Value {
    /// The `null` value.
    public static let null = Google_Protobuf_Value(kind: .nullValue(.nullValue))

    /// A value holding the given kind.
    public init(kind: OneOf_Kind) {
        self.init()
        self.kind = kind
    }

    /// A number value.
    public init(_ number: Double) { self.init(kind: .numberValue(number)) }
    /// A string value.
    public init(_ string: String) { self.init(kind: .stringValue(string)) }
    /// A boolean value.
    public init(_ bool: Bool) { self.init(kind: .boolValue(bool)) }
    /// A struct (JSON object) value.
    public init(_ object: Google_Protobuf_Struct) { self.init(kind: .structValue(object)) }
    /// A list (JSON array) value.
    public init(_ list: Google_Protobuf_ListValue) { self.init(kind: .listValue(list)) }
}

extension Google_Protobuf_Value: ExpressibleByNilLiteral {
    /// `nil` is the `null` value.
    public init(nilLiteral: ()) { self = .null }
}

extension Google_Protobuf_Value: ExpressibleByIntegerLiteral {
    /// An integer literal is a number value.
    public init(integerLiteral value: Int64) { self.init(Double(value)) }
}

extension Google_Protobuf_Value: ExpressibleByFloatLiteral {
    /// A floating-point literal is a number value.
    public init(floatLiteral value: Double) { self.init(value) }
}

extension Google_Protobuf_Value: ExpressibleByBooleanLiteral {
    /// `true` and `false` are boolean values.
    public init(booleanLiteral value: Bool) { self.init(value) }
}

extension Google_Protobuf_Value: ExpressibleByStringLiteral {
    /// A string literal is a string value.
    public init(stringLiteral value: String) { self.init(value) }
}

extension Google_Protobuf_Value: ExpressibleByArrayLiteral {
    /// An array literal is a list value.
    public init(arrayLiteral elements: Google_Protobuf_Value...) { self.init(Google_Protobuf_ListValue(values: elements)) }
}

extension Google_Protobuf_Value: ExpressibleByDictionaryLiteral {
    /// A dictionary literal is a struct value; a repeated key keeps its last value.
    public init(dictionaryLiteral elements: (String, Google_Protobuf_Value)...) {
        self.init(Google_Protobuf_Struct(fields: Dictionary(elements, uniquingKeysWith: { _, last in last })))
    }
}

extension Google_Protobuf_Struct: ExpressibleByDictionaryLiteral {
    /// A struct with the given fields.
    public init(fields: [String: Google_Protobuf_Value]) {
        self.init()
        self.fields = fields
    }

    /// A dictionary literal of fields; a repeated key keeps its last value.
    ///
    /// ```swift
    /// let s: Google_Protobuf_Struct = ["name": "ada", "age": 36, "tags": ["x", nil]]
    /// ```
    public init(dictionaryLiteral elements: (String, Google_Protobuf_Value)...) {
        self.init(fields: Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }

    /// The field named `key`, or `nil`; setting `nil` removes it.
    public subscript(key: String) -> Google_Protobuf_Value? {
        get { fields[key] }
        set { fields[key] = newValue }
    }
}

extension Google_Protobuf_ListValue: ExpressibleByArrayLiteral {
    /// A list of the given values.
    public init(values: [Google_Protobuf_Value]) {
        self.init()
        self.values = values
    }

    /// An array literal of values.
    public init(arrayLiteral elements: Google_Protobuf_Value...) { self.init(values: elements) }

    /// The value at `index`, which must be in range, like an array's subscript.
    public subscript(index: Int) -> Google_Protobuf_Value {
        get { values[index] }
        set { values[index] = newValue }
    }
}
