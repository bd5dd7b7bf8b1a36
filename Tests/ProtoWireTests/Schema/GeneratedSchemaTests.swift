// GeneratedSchemaTests.swift: the `_protoSchema` the generator emits describes each field as the .proto declares it.

import ProtoWire
import ProtoWireTestSchema
import Testing

@Suite("Generated schemas")
struct GeneratedSchemaTests {
    private let all3 = Protohttp_Test_TestAllTypes3._protoSchema
    private let all2 = Protohttp_Test2_TestAllTypes2._protoSchema

    @Test("proto3 scalars are implicit, repeated scalars packed unless [packed = false], messages have presence")
    func proto3Labels() throws {
        let f = try #require(all3.field(named: "f_int32"))
        #expect(f.number == 1 && f.jsonName == "fInt32" && f.label == .singular(hasPresence: false) && !f.isPacked)
        guard case .int32 = f.kind else { Issue.record("f_int32 is \(f.kind)"); return }
        #expect(all3.field(named: "f_nested")?.label == .singular(hasPresence: true))
        #expect(all3.field(named: "r_int32")?.isPacked == true)
        #expect(all3.field(named: "r_string")?.isPacked == false)
        #expect(all3.field(named: "u_int32")?.isPacked == false)
        #expect(all3.field(number: 536870911)?.name == "f_max_number")
        #expect(all3.fullName == Protohttp_Test_TestAllTypes3.protoMessageName)
    }

    @Test("an open enum names its values; a recursive field resolves to its own schema")
    func enumsAndRecursion() throws {
        let e = try #require(all3.field(named: "f_enum"))
        guard case .enumeration(let names, let isClosed) = e.kind else { Issue.record("f_enum is \(e.kind)"); return }
        #expect(!isClosed && names.enumName == "protohttp.test.Color")
        #expect(all3.field(named: "recursive")?.messageSchema === all3)
        #expect(all3.field(named: "r_recursive")?.label == .repeated)
    }

    @Test("a map field is a repeated entry message with key 1 and value 2")
    func maps() throws {
        let m = try #require(all3.field(named: "m_string_nested"))
        #expect(m.isMap && m.label == .repeated)
        let entry = try #require(m.messageSchema)
        #expect(entry.isMapEntry && entry.fullName == "protohttp.test.TestAllTypes3.MStringNestedEntry")
        #expect(entry.fields.map(\.name) == ["key", "value"])
        #expect(entry.field(number: 2)?.messageSchema?.fullName == "protohttp.test.Nested3")
    }

    @Test("oneof members point at their oneof by index")
    func oneofs() {
        #expect(all3.oneofNames == ["choice"])
        #expect(all3.field(named: "o_string")?.oneofIndex == 0)
        #expect(all3.field(named: "o_string")?.label == .singular(hasPresence: true))
        #expect(all3.field(named: "f_string")?.oneofIndex == nil)
    }

    @Test("proto3 optional has presence and no oneof")
    func proto3Optional() throws {
        let schema = Protohttp_Test_Presence3._protoSchema
        let optional = try #require(schema.fields.first { $0.label == .singular(hasPresence: true) && $0.messageSchema == nil })
        #expect(optional.oneofIndex == nil)
        #expect(!schema.oneofNames.contains { $0.hasPrefix("_") })
    }

    @Test("proto2: optional has presence, closed enums, packed only when declared, groups")
    func proto2() throws {
        #expect(all2.field(named: "o_int32")?.label == .singular(hasPresence: true))
        #expect(all2.field(named: "p_int32")?.isPacked == true)
        #expect(all2.field(named: "r_int32")?.isPacked == false)
        let shade = try #require(all2.field(named: "o_shade"))
        guard case .enumeration(let names, isClosed: true) = shade.kind else { Issue.record("o_shade is \(shade.kind)"); return }
        #expect(names.enumName == "protohttp.test2.Shade" && names.name(of: 2) == "SHADE_DARK")
        let groups = Protohttp_Test2_Groups2._protoSchema
        let group = try #require(groups.field(number: 1))
        guard case .group(let reference) = group.kind else { Issue.record("field 1 is \(group.kind)"); return }
        #expect(group.name == "optgroup" && reference.schema.fullName == "protohttp.test2.Groups2.OptGroup")
        #expect(reference.schema.field(number: 4)?.messageSchema?.fullName == "protohttp.test2.Groups2.OptGroup.Inner")
    }

    @Test("required fields are labelled required")
    func required() {
        #expect(Protohttp_Ext2_NeedsInit._protoSchema.field(number: 1)?.label == .required)
    }

    @Test("extension ranges are inclusive; message kinds of extensions resolve lazily")
    func extensionRanges() {
        let schema = Protohttp_Ext2_Extendable._protoSchema
        #expect(schema.extensionRanges == [10...19, 100...536870911])
        #expect(schema.isExtensionNumber(19) && !schema.isExtensionNumber(20) && schema.isExtensionNumber(536870911))
    }

    @Test("extensions carry their full name, JSON key, extendee, label and packing")
    func extensionSchemas() throws {
        let fields = Protohttp_Ext2_TestExtensions2_Extensions.fieldSchemas
        #expect(fields.count == Protohttp_Ext2_TestExtensions2_Extensions.count)
        let opt = Protohttp_Ext2_Extensions_opt_int32.fieldSchema
        #expect(opt.name == "protohttp.ext2.opt_int32" && opt.jsonName == "[protohttp.ext2.opt_int32]")
        #expect(opt.extendee == "protohttp.ext2.Extendable" && opt.number == 10 && opt.label == .singular(hasPresence: true))
        let packed = Protohttp_Ext2_Extensions_packed_fixed64.fieldSchema
        #expect(packed.isPacked && packed.label == .repeated)
        #expect(!Protohttp_Ext2_Extensions_rep_sint32.fieldSchema.isPacked)
        let item = Protohttp_Ext2_ItemA.Extensions.item_a.fieldSchema
        #expect(item.extendee == "protohttp.ext2.Container" && item.messageSchema?.fullName == "protohttp.ext2.ItemA")
        let group = Protohttp_Ext2_Extensions_optgroup.fieldSchema
        guard case .group(let reference) = group.kind else { Issue.record("optgroup is \(group.kind)"); return }
        #expect(reference.schema.fullName == "protohttp.ext2.OptGroup")

        let registry = SchemaRegistry(types: [Protohttp_Ext2_Extendable.self], extensions: Protohttp_Ext2_TestExtensions2_Extensions)
        #expect(registry.extensionField(of: "protohttp.ext2.Extendable", number: 10)?.name == "protohttp.ext2.opt_int32")
        #expect(registry.extensionField(named: "protohttp.ext2.Scope.default")?.number == 111)
        #expect(registry.message(named: "protohttp.ext2.Extendable") === Protohttp_Ext2_Extendable._protoSchema)
    }

    @Test("every registry knows the well-known types; a TypeRegistry converts")
    func wellKnownTypes() throws {
        let names = Set(SchemaRegistry.wellKnownTypes.map(\.fullName))
        #expect(names.count == 17 && names.contains("google.protobuf.Timestamp") && names.contains("google.protobuf.BytesValue"))
        let empty = SchemaRegistry()
        #expect(empty.message(named: "type.googleapis.com/google.protobuf.Duration")?.field(number: 2)?.name == "nanos")
        #expect(empty.message(named: "protohttp.test.TestAllTypes3") == nil)
        let converted = SchemaRegistry(TypeRegistry([Protohttp_Test_TestAllTypes3.self]))
        #expect(converted.message(named: "type.googleapis.com/protohttp.test.TestAllTypes3") === all3)
        let value = try #require(empty.message(named: "google.protobuf.Struct")?.field(number: 1)?.messageSchema)
        #expect(value.isMapEntry && value.field(number: 2)?.messageSchema?.fullName == "google.protobuf.Value")
    }
}
