// TypeAnalysis.swift: recursion (which fields need heap boxes) and required-field reachability.

/// Whole-request facts about message types that single fields cannot see.
///
/// A Swift struct cannot contain itself, so a singular message field whose type can reach the
/// containing message again through singular message fields is held in a `ProtoBox`:
///
/// ```
/// message A { B b = 1; }      A ─b─► B ─a─► A   both edges are on the cycle: both boxed
/// message B { A a = 1; }
/// message C { repeated C c = 1; }   arrays and maps already live on the heap: no box
/// ```
struct TypeAnalysis {
    /// Singular message edges: message → message types of its singular message/group fields.
    private var edges: [String: [String]] = [:]
    /// Messages that have required fields themselves or in any submessage type.
    private var initChecked: Set<String> = []

    init(types: TypeTable) throws(GeneratorError) {
        var hasRequired: Set<String> = []
        var allEdges: [String: [String]] = [:]
        for (name, m) in types.messages {
            var singular: [String] = []
            var any: [String] = []
            // Extensions may hold messages with required fields: check them too.
            if m.isExtensible { hasRequired.insert(name) }
            for f in m.descriptor.field {
                if f.label == .required { hasRequired.insert(name) }
                guard f.type == .message || f.type == .group else { continue }
                var target = try types.message(f.typeName)
                if target.isMapEntry {
                    // A map's value type is what can hold required fields.
                    guard let valueField = target.descriptor.field.first(where: { $0.number == 2 }),
                          valueField.type == .message else { continue }
                    target = try types.message(valueField.typeName)
                }
                any.append(target.protoName)
                if f.label != .repeated { singular.append(target.protoName) }
            }
            edges[name] = singular
            allEdges[name] = any
        }
        // Fixpoint: a message needs a check if it, or anything it holds, has required fields.
        initChecked = hasRequired
        var changed = true
        while changed {
            changed = false
            for (name, targets) in allEdges where !initChecked.contains(name) {
                if targets.contains(where: { initChecked.contains($0) }) {
                    initChecked.insert(name)
                    changed = true
                }
            }
        }
    }

    /// Whether `from` can reach `to` through one or more singular message fields.
    func reaches(_ from: String, _ to: String) -> Bool {
        var seen: Set<String> = [from]
        var stack = [from]
        while let current = stack.popLast() {
            if current == to { return true }
            for next in edges[current] ?? [] where !seen.contains(next) {
                seen.insert(next)
                stack.append(next)
            }
        }
        return false
    }

    /// Whether `message` needs a generated `isInitialized`.
    func needsInitCheck(_ message: String) -> Bool { initChecked.contains(message) }
}
