// JSONNameLookupTests.swift: field and enum names found by their bytes, whatever the table's size and collisions.
import ProtoWire
import Testing

@Suite struct JSONNameLookupTests {
    private func index(_ table: JSONFieldTable, _ name: String) -> Int? {
        Array(name.utf8).withUnsafeBytes { table.index(of: $0) }
    }

    /// 500 fields (so slots collide and probe), each by its JSON name and its proto name; names
    /// that are prefixes, extensions or near misses of real ones are not found.
    @Test func everyNameOfALargeTableIsFoundAndNothingElse() {
        let fields = (0..<500).map { ("field\($0)Name", "field_\($0)_name") }
        let table = JSONFieldTable("test.Large", fields)
        for (i, field) in fields.enumerated() {
            #expect(index(table, field.0) == i)
            #expect(index(table, field.1) == i)
        }
        for miss in ["", "field", "field1Nam", "field1Namee", "field_1_Name", "Field1Name", "field500Name", "field1Name\u{0}"] {
            #expect(index(table, miss) == nil, "\(miss)")
        }
    }

    /// A field whose JSON and proto names are equal is entered once; an empty name is a name.
    @Test func equalNamesAndTheEmptyName() {
        let table = JSONFieldTable("test.Small", [("id", "id"), ("", "blank"), ("éte", "ete")])
        #expect(index(table, "id") == 0)
        #expect(index(table, "") == 1)
        #expect(index(table, "blank") == 1)
        #expect(index(table, "éte") == 2 && index(table, "ete") == 2)
        #expect(index(table, "e") == nil)
    }

    /// Enum values by name: the first of two numbers with one name wins; aliases each resolve.
    @Test func enumNames() {
        let names = ProtoEnumNames("test.Color", [(0, "COLOR_UNSPECIFIED"), (1, "RED"), (2, "GREEN"), (2, "VERDE"), (3, "RED")])
        #expect(names.number(named: "COLOR_UNSPECIFIED") == 0)
        #expect(names.number(named: "RED") == 1)
        #expect(names.number(named: "GREEN") == 2 && names.number(named: "VERDE") == 2)
        #expect(names.number(named: "red") == nil && names.number(named: "BLUE") == nil)
    }
}
