// ExtensionFieldSet.swift: the extension values a message holds, kept in field-number order.

/// The extension fields present in one message with `extensions` ranges, by field number.
///
/// Generated messages with extension ranges store one of these in `extensionFields`; users
/// read and write it through the typed accessors of ``ExtensibleMessage``
/// (`message[extension: ext]`, `hasExtension`, ...). Values are kept sorted by field number,
/// so that encoding can write each range's extensions at the position of that range among the
/// regular fields, as Google's encoders do:
///
/// ```
/// message M { int32 a = 1; extensions 10 to 19; int32 b = 20; extensions 100 to max; }
/// wire:       a(1)  ext 10..<20  b(20)  ext 100...  unknown fields
/// ```
///
/// Extension fields the decoder had no declaration for are not here: they stay in the
/// message's ``ProtoMessage/unknownFields``, byte-exact.
public struct ExtensionFieldSet: Hashable, Sendable {
    /// One present extension.
    @usableFromInline
    struct Entry: Sendable {
        @usableFromInline let fieldNumber: Int
        @usableFromInline var value: any ExtensionValueBox
    }

    /// Present extensions, ascending by field number.
    @usableFromInline
    var entries: [Entry] = []

    /// Creates an empty set.
    @inlinable
    public init() {}

    /// Whether no extension is present.
    @inlinable
    public var isEmpty: Bool { entries.isEmpty }

    /// The number of present extensions.
    public var count: Int { entries.count }

    /// The field numbers of the present extensions, ascending.
    public var fieldNumbers: [Int] { entries.map(\.fieldNumber) }

    /// Removes every extension.
    public mutating func removeAll() { entries.removeAll() }

    /// Whether every present extension's messages have their proto2 `required` fields.
    public var isInitialized: Bool { entries.allSatisfy { $0.value.isInitialized } }

    // MARK: Encoding

    /// The encoded size of the extensions whose numbers lie in `range`, reserving cache
    /// slots in the order ``write(in:_:)`` consumes them.
    @inlinable
    public func size(in range: Range<Int>, _ cache: inout SizeCache) -> Int {
        if entries.isEmpty { return 0 }
        return sizeOfEntries(in: range, &cache)
    }

    /// Writes the extensions whose numbers lie in `range`, ascending.
    @inlinable
    public func write(in range: Range<Int>, _ writer: inout WireWriter) {
        if entries.isEmpty { return }
        writeEntries(in: range, &writer)
    }

    @usableFromInline
    func sizeOfEntries(in range: Range<Int>, _ cache: inout SizeCache) -> Int {
        var n = 0
        for e in entries where range.contains(e.fieldNumber) {
            n &+= e.value.size(fieldNumber: e.fieldNumber, &cache)
        }
        return n
    }

    @usableFromInline
    func writeEntries(in range: Range<Int>, _ writer: inout WireWriter) {
        for e in entries where range.contains(e.fieldNumber) {
            e.value.write(fieldNumber: e.fieldNumber, &writer)
        }
    }

    // MARK: JSON

    /// Writes every extension as a `"[full.name]": value` member of the open JSON object.
    public func writeJSON(_ writer: inout JSONWriter) throws(WireError) {
        for e in entries {
            writer.key("[" + e.value.fieldName + "]")
            try e.value.writeJSON(&writer)
        }
    }

    // MARK: Typed access

    /// The index of `fieldNumber`, or where it would be inserted.
    func index(of fieldNumber: Int) -> (index: Int, found: Bool) {
        var low = 0
        var high = entries.count
        while low < high {
            let mid = (low + high) / 2
            let n = entries[mid].fieldNumber
            if n == fieldNumber { return (mid, true) }
            if n < fieldNumber { low = mid + 1 } else { high = mid }
        }
        return (low, false)
    }

    /// The value stored for `fieldNumber` if it has type `F.Value`.
    func value<F: ExtensionFieldType>(_: F.Type, fieldNumber: Int) -> F.Value? {
        let (i, found) = index(of: fieldNumber)
        guard found else { return nil }
        return (entries[i].value as? TypedExtensionValue<F>)?.value
    }

    /// Whether any value is stored for `fieldNumber`.
    func contains(fieldNumber: Int) -> Bool { index(of: fieldNumber).found }

    /// Removes and returns the value for `fieldNumber`, so that the caller can mutate it
    /// without copying and ``put(_:_:fieldNumber:)`` it back. A value of another type under
    /// the same number (a conflicting declaration) is dropped.
    mutating func take<F: ExtensionFieldType>(_: F.Type, fieldNumber: Int) -> F.Value? {
        let (i, found) = index(of: fieldNumber)
        guard found else { return nil }
        let box = entries.remove(at: i).value as? TypedExtensionValue<F>
        return box?.value
    }

    /// Stores `value` for `fieldNumber`, replacing what was there; an empty repeated value
    /// removes the extension instead, since it encodes to nothing.
    mutating func put<F: ExtensionFieldType>(_: F.Type, _ value: F.Value, fieldNumber: Int, fieldName: String) {
        let (i, found) = index(of: fieldNumber)
        if F.isRepeated && value == F.defaultValue {
            if found { entries.remove(at: i) }
            return
        }
        let entry = Entry(fieldNumber: fieldNumber, value: TypedExtensionValue<F>(value: value, fieldName: fieldName))
        if found { entries[i] = entry } else { entries.insert(entry, at: i) }
    }

    /// Removes the value for `fieldNumber`, if any.
    mutating func remove(fieldNumber: Int) {
        let (i, found) = index(of: fieldNumber)
        if found { entries.remove(at: i) }
    }

    // MARK: Hashable

    /// Sets are equal when they hold the same field numbers with equal values.
    public static func == (lhs: ExtensionFieldSet, rhs: ExtensionFieldSet) -> Bool {
        guard lhs.entries.count == rhs.entries.count else { return false }
        for (a, b) in zip(lhs.entries, rhs.entries) {
            guard a.fieldNumber == b.fieldNumber, a.value.isEqual(to: b.value) else { return false }
        }
        return true
    }

    /// Hashes the field numbers and values.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(entries.count)
        for e in entries {
            hasher.combine(e.fieldNumber)
            e.value.hash(into: &hasher)
        }
    }
}

/// One extension value with its field type erased, so that values of different types can
/// share one ``ExtensionFieldSet``.
@usableFromInline
protocol ExtensionValueBox: Sendable {
    func size(fieldNumber: Int, _ cache: inout SizeCache) -> Int
    func write(fieldNumber: Int, _ writer: inout WireWriter)
    var isInitialized: Bool { get }
    func isEqual(to other: any ExtensionValueBox) -> Bool
    func hash(into hasher: inout Hasher)
    /// The message to write as a MessageSet item, for singular message extensions.
    var messageSetPayload: (any ProtoMessage)? { get }
    /// The extension's full protobuf name, its JSON key inside `[...]`.
    var fieldName: String { get }
    /// Writes the value in JSON form.
    func writeJSON(_ writer: inout JSONWriter) throws(WireError)
}

/// The concrete box of a value of field type `F`.
struct TypedExtensionValue<F: ExtensionFieldType>: ExtensionValueBox {
    var value: F.Value
    let fieldName: String

    func writeJSON(_ writer: inout JSONWriter) throws(WireError) { try F.writeJSON(value, &writer) }

    func size(fieldNumber: Int, _ cache: inout SizeCache) -> Int {
        F.size(of: value, fieldNumber: fieldNumber, &cache)
    }

    func write(fieldNumber: Int, _ writer: inout WireWriter) {
        F.write(value, fieldNumber: fieldNumber, &writer)
    }

    var isInitialized: Bool { F.isInitialized(value) }

    func isEqual(to other: any ExtensionValueBox) -> Bool {
        guard let other = other as? TypedExtensionValue<F> else { return false }
        return value == other.value
    }

    func hash(into hasher: inout Hasher) { value.hash(into: &hasher) }

    var messageSetPayload: (any ProtoMessage)? {
        F.self is any SingularMessageExtensionField.Type ? value as? any ProtoMessage : nil
    }
}

/// Marks the field types whose values can travel as MessageSet items (singular messages).
protocol SingularMessageExtensionField {}

extension OptionalMessageExtensionField: SingularMessageExtensionField {}
