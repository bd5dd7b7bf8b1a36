// ConformanceSchemaTextTests.swift: for the conformance schemas, the generator's `_protoSchema` text equals the descriptor-built registry.

import Foundation
import ProtoDescriptors
import ProtoHTTPTestSupport
import ProtoWire
import Testing

/// The conformance messages have no generated types in this package (the testee generates
/// them out of tree), so the generator's output is compared as text: each `_protoSchema` of
/// the generated files, with type references normalized to proto names, must equal the same
/// schema rendered from ``SchemaRegistry/init(fileDescriptorSet:)`` in the generator's syntax.
@Suite("Conformance schemas: generator text versus descriptors")
struct ConformanceSchemaTextTests {
    @Test("every message of test_messages_proto2/3.proto, field by field",
          .enabled(if: PluginHarness.protocPath != nil, Comment(rawValue: DescriptorSchemaTests.protocMissing)))
    func generatorMatchesDescriptors() async throws {
        _ = try ConformanceSchemas.require()
        let files = ["test_messages_proto3.proto", "test_messages_proto2.proto"]
        let include = DescriptorSchemaTests.conformance.path
        let generated = try await PluginHarness.generate(files, includePath: include, option: "Visibility=Public,FileNaming=DropPath")
        let text = generated.keys.sorted().compactMap { generated[$0] }.joined(separator: "\n")
        let fromText = SchemaText.parse(text)
        let registry = try SchemaRegistry(fileDescriptorSet: try await DescriptorSchemaTests.descriptorSet(
            files, includes: [include, PluginHarness.protoInclude]))
        let built = registry.allMessages.filter { !$0.fullName.hasPrefix("google.protobuf.") }
        #expect(built.count >= 17 && fromText.count == built.count, "\(built.count) built, \(fromText.count) in the text")
        let all = fromText.values.joined()
        for feature in [".group(ref(", "isPacked: true", "isMapEntry: true", "oneofIndex: 0", ".enumeration(isClosed: true)",
                        ".enumeration(isClosed: false)", "label: .singular(hasPresence: false)", "ref(google.protobuf.Timestamp)"] {
            #expect(all.contains { $0.contains(feature) }, "no field shows \(feature)")
        }
        for schema in built.sorted(by: { $0.fullName < $1.fullName }) {
            guard let lines = fromText[schema.fullName] else {
                Issue.record("\(schema.fullName) has no _protoSchema in the generated text")
                continue
            }
            #expect(lines == SchemaText.render(schema), "\(schema.fullName)")
        }
    }
}

/// The generator's `_protoSchema` syntax, parsed from generated files and rendered from schemas.
enum SchemaText {
    /// Each message's schema lines (fields, then the closing arguments) by proto name, with
    /// `MessageSchemaReference { Swift._protoSchema }` as `ref(proto.Name)` and enum kinds
    /// without their Swift type.
    static func parse(_ text: String) -> [String: [String]] {
        var swiftToProto: [String: String] = [:]
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for (i, line) in lines.enumerated() where i + 1 < lines.count {
            guard line.hasPrefix("extension "), line.contains(": ProtoWire."),
                  let name = lines[i + 1].split(separator: "\"").dropFirst().first,
                  lines[i + 1].contains("protoMessageName") else { continue }
            let swift = line.dropFirst("extension ".count).prefix { $0 != ":" }
            swiftToProto[String(swift)] = String(name)
        }
        for schema in SchemaRegistry.wellKnownTypes {
            swiftToProto["Google_Protobuf_" + schema.name] = schema.fullName
        }
        var out: [String: [String]] = [:]
        var current: String?
        var body: [String] = []
        for raw in lines {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.contains("_protoSchema: ProtoWire.MessageSchema = .init(fullName: \"") {
                let name = String(line.split(separator: "\"")[1])
                if line.hasSuffix("fields: [") {
                    current = name
                    body = []
                } else {
                    // An empty message: `fields: [], ...)` on one line.
                    let rest = line.components(separatedBy: "fields: [")[1]
                    out[name] = [normalize("]" + rest.dropFirst(), swiftToProto)]
                }
            } else if let name = current {
                body.append(normalize(line, swiftToProto))
                if line.hasPrefix("]") {
                    out[name] = body
                    current = nil
                }
            }
        }
        return out
    }

    private static func normalize(_ line: String, _ names: [String: String]) -> String {
        var s = line
        while let open = s.range(of: "ProtoWire.MessageSchemaReference { "),
              let close = s.range(of: "._protoSchema }", range: open.upperBound..<s.endIndex) {
            let swift = String(s[open.upperBound..<close.lowerBound])
            s.replaceSubrange(open.lowerBound..<close.upperBound, with: "ref(\(names[swift] ?? "?" + swift))")
        }
        while let open = s.range(of: ".enumeration("), let close = s.range(of: "._protoNames, ", range: open.upperBound..<s.endIndex) {
            s.replaceSubrange(open.upperBound..<close.upperBound, with: "")
        }
        return s
    }

    /// `schema` in the normalized generator syntax of ``parse(_:)``.
    static func render(_ schema: MessageSchema) -> [String] {
        var tail = ""
        if !schema.oneofNames.isEmpty {
            tail += ", oneofNames: [" + schema.oneofNames.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
        }
        if !schema.extensionRanges.isEmpty {
            tail += ", extensionRanges: [" + schema.extensionRanges.map { "\($0.lowerBound)...\($0.upperBound)" }.joined(separator: ", ") + "]"
        }
        if schema.fields.isEmpty { return ["]" + tail + ")"] }
        return schema.fields.map { field($0) + "," } + ["]" + tail + ")"]
    }

    private static func field(_ f: FieldSchema) -> String {
        var s = ".init(number: \(f.number), name: \"\(f.name)\""
        if f.jsonName != FieldSchema.defaultJSONName(f.name) { s += ", jsonName: \"\(f.jsonName)\"" }
        s += ", kind: " + kind(f)
        switch f.label {
        case .singular(let presence): s += ", label: .singular(hasPresence: \(presence))"
        case .required: s += ", label: .required"
        case .repeated: s += ", label: .repeated"
        }
        if f.isPacked { s += ", isPacked: true" }
        if let o = f.oneofIndex { s += ", oneofIndex: \(o)" }
        if !f.validatesUTF8 { s += ", validatesUTF8: false" }
        return s + ")"
    }

    private static func kind(_ f: FieldSchema) -> String {
        switch f.kind {
        case .enumeration(_, let isClosed): return ".enumeration(isClosed: \(isClosed))"
        case .message(let r) where r.schema.isMapEntry:
            let entry = r.schema
            let fields = entry.fields.map(field).joined(separator: ", ")
            return ".message(ProtoWire.MessageSchemaReference(ProtoWire.MessageSchema(fullName: \"\(entry.fullName)\", fields: [\(fields)], isMapEntry: true)))"
        case .message(let r): return ".message(ref(\(r.schema.fullName)))"
        case .group(let r): return ".group(ref(\(r.schema.fullName)))"
        default: return ".\(f.kind)"
        }
    }
}
